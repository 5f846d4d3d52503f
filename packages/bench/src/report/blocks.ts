/**
 * The generated blocks of docs/benchmarks.md, by name: each renders its Markdown from the results
 * files (read.ts), and names the file, command and commit its figures come from.
 */
import { kb } from "../lib/bytes";
import { median, round } from "../lib/stats";
import type { CeilingResult } from "../sections/ceiling";
import type { ColdFigures } from "../sections/coldstart";
import type { MainThreadSummary } from "../sections/main-thread";
import type { PagesResult } from "../sections/pages";
import type { LoadResult } from "../sections/robustness";
import type { ThroughputResult } from "../sections/throughput";
import { type Cell, cell, code, ms, orDash, range, runs, table, truncate } from "./markdown";
import { objectTables } from "./object-tables";
import { commandText, type FloorsBare, type FloorsPage, type LighthousePage, Missing, Results } from "./read";

/** The floors' main-thread figures (sections/main-thread.ts), when the run measured them. */
function mainThreadTable(data: ReturnType<Results["floors"]>["data"], bare: FloorsBare, pages: readonly FloorsPage[]): string[] {
  const settings = data.mainThreadSettings;
  const bareThread = bare.mainThread;
  if (!settings || !bareThread) return [];
  const baseline = settings.baseline !== null;
  const figure = (figures: MainThreadSummary | undefined, key: keyof MainThreadSummary) => (figures ? ms(figures[key]) : "—");
  const variants = (row: FloorsPage["mainThread"], key: keyof MainThreadSummary) => [figure(row.page, key), figure(row.copy, key), figure(bareThread, key), ...(baseline ? [figure(row.baseline, key)] : [])].join(" / ");
  const names = `page / script-free copy / bare Next page${baseline ? " / baseline build's page" : ""}`;
  return [
    "",
    `Main thread with the CPU slowed ${settings.cpuSlowdown}x (Chromium's own counters, median of ${settings.runsPerVariant} loads each, alternated), ${names}, in ms:`,
    "",
    table(
      ["page", "all tasks", "script", "style + layout", "script / bare page's", "HTML parser before first paint", "DOM nodes", ...(baseline ? ["baseline HTML gzip / br KB"] : [])],
      pages.map((page) => {
        const row = page.mainThread;
        return [
          code(page.path),
          variants(row, "task"),
          variants(row, "script"),
          variants(row, "styleLayout"),
          `${((row.page.script ?? Number.NaN) / (bareThread.script ?? Number.NaN)).toFixed(2)}x`,
          [figure(row.page, "parseHtmlBeforePaint"), figure(row.copy, "parseHtmlBeforePaint"), ...(baseline ? [figure(row.baseline, "parseHtmlBeforePaint")] : [])].join(" / "),
          `${row.page.domNodes} / ${row.copy.domNodes}`,
          ...(baseline ? [`${orDash(row.baseline?.htmlGzip, kb)} / ${orDash(row.baseline?.htmlBrotli, kb)}`] : []),
        ];
      }),
    ),
  ];
}

/** The page with the highest `key`. */
const worstBy = <T>(rows: readonly T[], key: (row: T) => number): T => rows.reduce((a, b) => (key(b) > key(a) ? b : a));

/** "2026-11-23 14:48" from an ISO time. */
const minute = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** The aims table: each aim, what the latest results give, and whether it is met. */
function aims(results: Results): string {
  const rows: Cell[][] = [];
  const add = (figure: string, compute: () => Cell[]) => {
    try {
      rows.push([figure, ...compute()]);
    } catch (error) {
      if (!(error instanceof Missing)) throw error;
      rows.push([figure, "not measured", "", ""]);
    }
  };
  const status = (met: boolean) => (met ? "met" : "**not met**");
  // An aim over every page is only judged on a run over every page, 3 runs each.
  const judged = (data: { selection?: string; runsPerPage?: number }, met: boolean) => {
    const partial = [data.selection !== "all" && `BENCH_PAGES=${data.selection}`, data.runsPerPage !== undefined && data.runsPerPage < 3 && `${runs(data.runsPerPage)} per page`].filter(Boolean);
    return partial.length ? `not judged (${partial.join(", ")})` : status(met);
  };
  add("LCP ratio to the bare Next page, every page (median of runs)", () => {
    const { data, pages } = results.lighthouse();
    const worst = worstBy(pages, (page) => page.lcpRatioToBare);
    const within = pages.filter((page) => page.lcpRatioToBare <= 1.05).length;
    return [`${within} of ${pages.length} pages within; worst ${worst.lcpRatioToBare.toFixed(2)}x (${code(worst.path)})`, "≤ 1.05x", judged(data, within === pages.length)];
  });
  add("Lighthouse performance: home, a service page, a post, the blog index", () => {
    const { data, pages } = results.lighthouse();
    const key = ["home", "service", "post", "blog index"].map((family) => pages.find((page) => page.family === family)).filter((page): page is LighthousePage => page !== undefined);
    return [key.map((page) => `${code(page.path)} ${page.performance}`).join(", "), "100", judged({ ...data, selection: "all" }, key.length === 4 && key.every((page) => page.performance === 100))];
  });
  add("Lighthouse performance, every page", () => {
    const { data, pages } = results.lighthouse();
    const lowest = Math.min(...pages.map((page) => page.performance));
    return [`lowest ${lowest}; ${pages.filter((page) => page.performance >= 98).length} of ${pages.length} at 98 or more`, "≥ 98", judged(data, lowest >= 98)];
  });
  add("Lighthouse accessibility / best practices / SEO", () => {
    const { data, pages } = results.lighthouse();
    const short = pages.filter((page) => page.accessibility < 100 || page.bestPractices < 100 || page.seo < 100);
    return [short.length ? `below 100 on ${short.map((page) => code(page.path)).join(", ")}` : `100 / 100 / 100 on all ${pages.length} pages`, "100", judged(data, short.length === 0)];
  });
  add("First-load JS, gzip, ratio to the bare page", () => {
    const data = results.load<PagesResult>("pages");
    const worst = worstBy(results.need<PagesResult["pages"]>(data, "pages", "pages"), (page) => page.jsRatioToBare);
    return [`worst ${worst.jsRatioToBare.toFixed(2)}x (${code(worst.path)}, ${kb(worst.jsGzip)} KB)`, "≤ 1.05x", judged(data, worst.jsRatioToBare <= 1.05)];
  });
  // Against the floors (sections/floors.ts): the document's own figures are judged on any run; the
  // Lighthouse ones are shown on fewer than 3 runs, and marked as such.
  const floorsJudged = (data: { runsPerVariant: number }, met: boolean) => (data.runsPerVariant < 3 ? `${status(met)} (${runs(data.runsPerVariant)} each: indicative)` : status(met));
  add("HTML transfer (gzip), ratio to the page's script-free copy", () => {
    const { pages } = results.floors();
    const worst = worstBy(pages, (page) => page.htmlGzipRatioToCopy);
    return [`${pages.map((page) => `${code(page.path)} ${page.htmlGzipRatioToCopy.toFixed(2)}x`).join(", ")}`, "≤ 1.5x", status(worst.htmlGzipRatioToCopy <= 1.5)];
  });
  add("HTML transfer as the deployed site sends it (Brotli), ratio to the script-free copy", () => {
    const { pages } = results.floors();
    const brotli = pages.map((page) => ({ path: page.path, ratio: page.htmlBrotliRatioToCopy }));
    if (brotli.some((page) => page.ratio === undefined)) throw new Missing("floors.json has no Brotli figures: rerun `pnpm bench floors`");
    const worst = worstBy(brotli, (page) => page.ratio!);
    return [`${brotli.map((page) => `${code(page.path)} ${page.ratio!.toFixed(2)}x`).join(", ")}`, "≤ 1.5x", status(worst.ratio! <= 1.5)];
  });
  add("Stylesheet copies per document (inlined CSS)", () => {
    const { pages } = results.floors();
    return [pages.map((page) => `${code(page.path)} ${page.stylesheetCopies}`).join(", "), "≤ 2", status(pages.every((page) => page.stylesheetCopies <= 2))];
  });
  add("Observed LCP, DevTools throttling, ratio to the script-free copy", () => {
    const { data, pages } = results.floors();
    return [pages.map((page) => `${code(page.path)} ${page.observedLcpRatioToCopy.toFixed(2)}x`).join(", "), "≤ 1.10x", floorsJudged(data, pages.every((page) => page.observedLcpRatioToCopy <= 1.1))];
  });
  add("Lighthouse performance (simulated) against the bare Next page", () => {
    const { data, bare, pages } = results.floors();
    return [`bare ${bare.simulate.performance}; ${pages.map((page) => `${code(page.path)} ${page.simulate.page.performance}`).join(", ")}`, "≥ bare page", floorsJudged(data, pages.every((page) => page.simulate.page.performance >= bare.simulate.performance))];
  });
  add("Total blocking time (simulated) against the bare Next page", () => {
    const { data, bare, pages } = results.floors();
    return [`bare ${ms(bare.simulate.tbtMs)} ms; ${pages.map((page) => `${code(page.path)} ${ms(page.simulate.page.tbtMs)} ms`).join(", ")}`, "≤ bare page", floorsJudged(data, pages.every((page) => page.simulate.page.tbtMs <= bare.simulate.tbtMs))];
  });
  add("Zipped server function, as SST uploads it", () => {
    const data = results.load<{ zippedMB: number }>("coldstart");
    return [`${results.need(data, "zippedMB", "coldstart")} MB`, "≤ 5 MB", status(data.zippedMB <= 5)];
  });
  add("Redirect lookup cost, cache warm vs lookups off", () => {
    const ratio = results.need<number>(results.load("redirects"), "pageRequestsPerSecond.ratio", "redirects");
    return [`${ratio}`, "≥ 0.95", status(ratio >= 0.95)];
  });
  add("Table reads per 10,000 mixed requests", () => {
    const data = results.load("redirects");
    const calls = results.need<number>(data, "getItemPer10k.getItemCalls", "redirects");
    const distinct = results.need<number>(data, "getItemPer10k.distinctPaths", "redirects");
    return [`${calls} GetItem for ${distinct} distinct paths`, "≤ distinct paths", status(calls <= distinct)];
  });
  add("Load run: errors, 5xx", () => {
    const data = results.load<LoadResult>("load");
    return [`${results.need(data, "requests", "load")} requests, ${results.need(data, "errors", "load")} errors, ${results.need(data, "fiveXx", "load")} 5xx`, "0 / 0", status(data.errors === 0 && data.fiveXx === 0)];
  });
  add("Fault run: failures", () => {
    const failures = results.need<number>(results.load("fault"), "failures", "fault");
    return [`${failures}`, "0", status(failures === 0)];
  });
  add("Hostile input: 5xx, off-site redirects, reflected markup", () => {
    const data = results.load<{ fiveXx: number; offSite: number; reflected: number }>("hostile");
    return [`${results.need(data, "requests", "hostile")} cases: ${results.need(data, "fiveXx", "hostile")} / ${results.need(data, "offSite", "hostile")} / ${results.need(data, "reflected", "hostile")}`, "0 / 0 / 0", status(data.fiveXx === 0 && data.offSite === 0 && data.reflected === 0)];
  });
  add("Mozilla HTTP Observatory", () => {
    const data = results.load<{ grade: string; score: number; testsPassed: string }>("security");
    return [`${results.need(data, "grade", "security")} (${data.score}), ${data.testsPassed} tests`, "A+", status(data.grade === "A+")];
  });
  return table(["figure", "result", "aim", ""], rows);
}

/** The blocks, by name, rendered from `results` (the committed results folder unless told). */
export const reportBlocks = (results = new Results()): Record<string, () => string> => ({
  provenance() {
    const index = results.index();
    const rows = Object.entries(index.sections).map(([name, entry]) => [
      name,
      code(`${results.label}/${entry.file}`) + (entry.files?.length ? ` + ${entry.files.length} raw files` : ""),
      minute(entry.measuredAt),
      entry.commit,
      code(commandText(entry, "")),
      entry.loadAverage1m,
    ]);
    if (rows.length === 0) throw new Missing(`${results.label}/index.json lists no results: run \`pnpm bench\``);
    return table(["section", "results", "measured (UTC)", "commit", "command", "load avg"], rows);
  },

  aims: () => aims(results),

  lighthouse() {
    const { data, bare, pages } = results.lighthouse();
    const row = (label: string, page: LighthousePage | typeof bare, ratio: string) => [
      label,
      ("family" in page ? page.family : undefined) ?? "—",
      page.performance,
      page.accessibility,
      page.bestPractices,
      page.seo,
      `${ms(page.lcpMs)}${page.runs > 1 ? ` (${ms(page.lcpMinMs)}–${ms(page.lcpMaxMs)})` : ""}`,
      ratio,
      ms(page.tbtMs),
      page.cls,
    ];
    return [
      `${results.source("lighthouse", data)} ${pages.length} of the site's ${data.pagesOnSite} pages, ${runs(data.runsPerPage)} each (median; LCP range in brackets); the bare page ${runs(bare.runs, "time")}, spread through the run.`,
      "",
      table(["page", "family", "perf", "a11y", "best pr.", "SEO", "LCP ms", "LCP / bare", "TBT ms", "CLS"], [row("bare Next page", bare, "1.00"), ...pages.map((page) => row(code(page.path), page, page.lcpRatioToBare.toFixed(2)))]),
      "",
      `Failing binary audits: bare page ${bare.failing.length ? bare.failing.map(code).join(", ") : "none"}; site pages ${[...new Set(pages.flatMap((page) => page.failing))].map(code).join(", ") || "none"}.`,
    ].join("\n");
  },

  lcp() {
    const { data, bare, pages } = results.lighthouse();
    type Page = typeof bare;
    type Request = Page["requestsBeforeLcp"][number];
    const sum = (requests: readonly Request[]) => kb(requests.reduce((total, request) => total + (request.transferBytes ?? 0), 0));
    const before = (page: Page) => {
      const blocking = page.requestsBeforeLcp.filter((request) => request.type !== "Image");
      return `${page.requestsBeforeLcp.length} (${sum(page.requestsBeforeLcp)} KB); not images: ${blocking.length} (${sum(blocking)} KB)`;
    };
    const element = (page: Page) => (page.lcpElement ? `${page.lcpElement.tag ?? "?"}: ${cell(truncate(page.lcpElement.label, 40))}` : "none reported");
    const row = (label: string, page: Page) => [label, element(page), ms(page.observedFcpMs), ms(page.observedLcpMs), ms(page.lcpMs), round(page.lcpMs / Math.max(page.observedLcpMs, 1), 1), kb(page.documentTransferBytes ?? 0), before(page)];
    const detailed: Array<[string, Page]> = [
      ["bare Next page", bare],
      ...["home", "service", "post", "blog index"]
        .map((family) => pages.find((page) => page.family === family))
        .filter((page): page is LighthousePage => page !== undefined)
        .map((page): [string, Page] => [code(page.path), page]),
    ];
    const details = detailed.map(([label, page]) =>
      [
        `- ${label}: ${
          Object.entries(page.lcpPhasesMs)
            .map(([phase, value]) => `${phase} ${value} ms`)
            .join(", ") || "no LCP phases"
        }; requests started before the observed LCP:`,
        ...page.requestsBeforeLcp.map((request) => `  - ${request.type ?? "?"} ${code(truncate(request.url, 90))}, ${kb(request.transferBytes ?? 0)} KB, at ${request.startMs} ms`),
      ].join("\n"),
    );
    return [
      `${results.source("lighthouse", data)} Per page, from the run with the median LCP: the LCP element, the observed (unthrottled) first and largest paint, the simulated LCP Lighthouse scores, the document's transfer size and the requests that started before the observed LCP (Lighthouse's simulation treats those as blocking it).`,
      "",
      table(["page", "LCP element", "observed FCP ms", "observed LCP ms", "simulated LCP ms", "simulated / observed", "document KB", "requests before LCP"], [row("bare Next page", bare), ...pages.map((page) => row(code(page.path), page))]),
      "",
      "LCP phases (simulated) and the requests before the observed LCP, for the bare page and one page of each main family:",
      "",
      ...details,
    ].join("\n");
  },

  floors() {
    const { data, bare, pages } = results.floors();
    const lighthouseRow = (page: FloorsPage) => [
      code(page.path),
      `${ms(page.devtools.page.observedLcpMs)} / ${ms(page.devtools.copy.observedLcpMs)} / ${ms(bare.devtools.observedLcpMs)}`,
      `**${page.observedLcpRatioToCopy.toFixed(2)}x**`,
      `${ms(page.simulate.page.lcpMs)} / ${ms(page.simulate.copy.lcpMs)} / ${ms(bare.simulate.lcpMs)}`,
      `${page.simulate.page.performance} / ${page.simulate.copy.performance} / ${bare.simulate.performance}`,
      `${ms(page.simulate.page.tbtMs)} / ${ms(page.simulate.copy.tbtMs)} / ${ms(bare.simulate.tbtMs)}`,
      `${page.devtools.page.performance} / ${page.devtools.copy.performance} / ${bare.devtools.performance}`,
    ];
    const boldRatio = (ratio: number) => `**${ratio.toFixed(2)}x**`;
    return [
      `${results.source("floors", data)} ${pages.length} pages; each variant ${runs(data.runsPerVariant)} per throttling method (median), alternating page, script-free copy and bare page. Sent ${data.transport ? `as BENCH_FLOOR_TRANSPORT=${data.transport}` : "as `pnpm start` sends them (gzip)"}.`,
      "",
      table(
        ["page", "HTML KB", "HTML gzip KB", "copy KB", "copy gzip KB", "gzip / copy", "HTML br KB", "copy br KB", "br / copy", "stylesheet copies", "JSON-LD copies"],
        [
          ...pages.map((page) => [
            code(page.path),
            kb(page.htmlBytes),
            kb(page.htmlGzip),
            kb(page.copyBytes),
            kb(page.copyGzip),
            boldRatio(page.htmlGzipRatioToCopy),
            orDash(page.htmlBrotli, kb),
            orDash(page.copyBrotli, kb),
            orDash(page.htmlBrotliRatioToCopy, boldRatio),
            page.stylesheetCopies,
            page.jsonLdCopies,
          ]),
          ["bare Next page", kb(bare.htmlBytes), kb(bare.htmlGzip), "—", "—", "—", orDash(bare.htmlBrotli, kb), "—", "—", "—", "—"],
        ],
      ),
      "",
      "Lighthouse, page / script-free copy / bare Next page:",
      "",
      table(["page", "observed LCP ms (DevTools throttling)", "observed LCP / copy", "simulated LCP ms", "simulated perf", "simulated TBT ms", "perf, DevTools throttling"], pages.map(lighthouseRow)),
      ...mainThreadTable(data, bare, pages),
    ].join("\n");
  },

  pages() {
    const data = results.load<PagesResult>("pages");
    const bare = results.need<PagesResult["bareNextPage"]>(data, "bareNextPage", "pages");
    const percent = (part: number, whole: number) => Math.round((part / whole) * 100);
    const rows = results.need<PagesResult["pages"]>(data, "pages", "pages").map((page) => [
      code(page.path),
      kb(page.jsGzip),
      page.jsRatioToBare.toFixed(2),
      kb(page.htmlBytes),
      kb(page.htmlGzip),
      `${kb(page.flightHtmlBytes)} (${Math.round(page.flightShareOfHtml * 100)}%)`,
      `${kb(page.flightGzipBytes)} (${percent(page.flightGzipBytes, page.htmlGzip)}%)`,
      kb(page.repeatsCssBytes),
      kb(page.repeatsJsonLdBytes),
      kb(page.repeatsInlineScriptBytes),
    ]);
    const share = (key: "repeatsCssBytes" | "repeatsJsonLdBytes" | "repeatsInlineScriptBytes") => Math.round(median(data.pages.map((page) => page[key] / page.flightHtmlBytes)) * 100);
    return [
      `${results.source("pages", data)} ${data.pages.length} of the site's ${data.pagesOnSite} pages; the HTML of each is kept in ${code(`${results.label}/pages/`)}.`,
      "",
      table(["page", "JS gzip KB", "JS / bare", "HTML KB", "HTML gzip KB", "flight KB (of HTML)", "flight gzip KB (of gzip)", "flight repeats CSS KB", "repeats JSON-LD KB", "repeats inline scripts KB"], [
        ["bare Next page", kb(bare.jsGzip), "1.00", kb(bare.htmlBytes), kb(bare.htmlGzip), "—", "—", "—", "—", "—"],
        ...rows,
      ]),
      "",
      `Median over the pages: the flight payload is ${Math.round(median(data.pages.map((page) => page.flightShareOfHtml)) * 100)}% of the HTML bytes; of the payload, ${share("repeatsCssBytes")}% repeats the inlined CSS, ${share("repeatsJsonLdBytes")}% the JSON-LD and ${share("repeatsInlineScriptBytes")}% other inline scripts.`,
    ].join("\n");
  },

  throughput() {
    const data = results.load<ThroughputResult>("throughput");
    const rows = Object.entries(results.need<ThroughputResult["kinds"]>(data, "kinds", "throughput")).map(([kind, row]) => [
      kind,
      code(row.path),
      `${row.withProxy.requestsPerSecond} (${range(row.withProxy.requestsPerSecondRange)})`,
      `${row.withoutProxy.requestsPerSecond} (${range(row.withoutProxy.requestsPerSecondRange)})`,
      row.requestsPerSecondRatio.toFixed(2),
      `${row.withProxy.latencyP50Ms} / ${row.withoutProxy.latencyP50Ms}`,
      `${row.withProxy.latencyP99Ms} (${range(row.withProxy.latencyP99RangeMs)}) / ${row.withoutProxy.latencyP99Ms} (${range(row.withoutProxy.latencyP99RangeMs)})`,
      row.withProxy.errors + row.withoutProxy.errors,
    ]);
    return [
      `${results.source("throughput", data)} ${data.connections} connections, ${data.samplesPerSide} samples of ${data.durationSeconds} s per side and kind, alternating; median (min–max).`,
      "",
      table(["kind", "path", "with proxy req/s", "without proxy req/s", "ratio", "p50 ms with / without", "p99 ms with / without", "errors"], rows),
    ].join("\n");
  },

  ceiling() {
    const data = results.load<CeilingResult>("ceiling");
    const rows = Object.values(results.need<CeilingResult["pages"]>(data, "pages", "ceiling")).map((row) => [
      code(row.path),
      `${row.pnpmStart.requestsPerSecond} (${row.pnpmStart.latencyP99Ms})`,
      `${row.openNextNodeServer.requestsPerSecond} (${row.openNextNodeServer.latencyP99Ms})`,
      `${row.staticServer.requestsPerSecond} (${row.staticServer.latencyP99Ms})`,
      row.pnpmStartToStatic,
      row.openNextToStatic,
    ]);
    return [`${results.source("ceiling", data)} ${data.connections} connections, one sample each.`, "", table(["page", "`pnpm start` req/s (p99 ms)", "OpenNext bundle as a Node server", "static server (ceiling)", "start / static", "OpenNext / static"], rows)].join("\n");
  },

  coldstart() {
    const data = results.load<{ runs: number; redirectRows: number; redirectsSeededFrom: string; zippedMB: number; zippedMBSymlinksFollowed: number; unzippedBytes: number }>("coldstart");
    const kinds = { legacy: "legacy URL, table linked", page: "page, table linked", lookupsOff: "page, lookups off (REDIRECTS_DISABLED=1)" };
    const rows = Object.entries(kinds).map(([kind, label]) => {
      const row = results.need<ColdFigures>(data, kind, "coldstart");
      return [label, code(results.need(data, `paths.${kind}`, "coldstart")), row.status, `**${row.medianMs}**`, `${row.minMs}–${row.maxMs}`, `${row.p25Ms}–${row.p75Ms}`, row.importMedianMs, row.firstRequestMedianMs, row.s3CacheReads];
    });
    return [
      `${results.source("coldstart", data)} ${data.runs} cold processes per kind, alternated; the table seeded with ${data.redirectRows} rows from ${code(data.redirectsSeededFrom)}.`,
      "",
      table(["first request", "path", "status", "median ms", "min–max", "IQR", "import ms", "request ms", "S3 cache reads"], rows),
      "",
      `Zipped as SST zips it (its own archiver and glob, symlinks kept): **${data.zippedMB} MB**; ${data.zippedMBSymlinksFollowed} MB if every symlink were followed; ${round(data.unzippedBytes / 1024 / 1024, 1)} MB unzipped.`,
    ].join("\n");
  },

  build() {
    const data = results.load("build");
    return `${results.source("build", data)} From clean, 2 cores: ${code("pnpm build")} **${results.need(data, "pnpmBuildSeconds", "build")} s**, ${code("pnpm build:lambda")} **${results.need(data, "pnpmBuildLambdaSeconds", "build")} s**.`;
  },

  load() {
    const data = results.load<LoadResult>("load");
    const byKind = results.need<LoadResult["byKind"]>(data, "byKind", "load");
    const rows: Cell[][] = Object.entries(byKind).map(([kind, row]) => [
      kind,
      row.count,
      `${Math.round(row.share * 100)}%`,
      row.p50Ms,
      row.p99Ms,
      row.errors,
      row.fiveXx,
      row.unexpected,
      Object.entries(row.statuses)
        .map(([s, n]) => `${n} × ${s}`)
        .join(", "),
    ]);
    rows.push(["all", results.need(data, "requests", "load"), "100%", data.latencyP50Ms, data.latencyP99Ms, data.errors, data.fiveXx, Object.values(byKind).reduce((n, row) => n + row.unexpected, 0), ""]);
    return [
      `${results.source("load", data)} 50 connections for ${data.seconds} s; ${data.distinctUnknownPaths} distinct never-seen paths.`,
      "",
      table(["kind", "requests", "share", "p50 ms", "p99 ms", "errors", "5xx", "unexpected status", "statuses"], rows),
      "",
      `Resident memory ${data.rssMbBefore} MB before, ${data.rssMbAfter} MB after (samples every 5 s: ${data.rssMbSamples?.join(", ")}); growth over the second half **${data.rssMbGrowthSecondHalf} MB**.`,
    ].join("\n");
  },

  // Sections whose figures are printed as they were measured, a table per object.
  ...Object.fromEntries(
    ["fault", "hostile", "redirects", "security"].map((name) => [
      name,
      () => {
        const data = results.load(name);
        return [results.source(name, data), "", objectTables(data as Parameters<typeof objectTables>[0])].join("\n");
      },
    ]),
  ),
});
