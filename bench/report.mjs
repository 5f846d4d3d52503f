/**
 * `pnpm bench:report [section...]`: writes the figures in docs/benchmarks.md from the raw results
 * in bench/results (written by `pnpm bench`), between markers:
 *
 *   <!-- bench:NAME -->  …generated…  <!-- /bench:NAME -->
 *
 * Every table names the file it comes from and the command and commit that measured it; the
 * Lighthouse figures are computed here from the saved reports themselves (bench/results/lighthouse/
 * **.json.gz), not from a summary. With no argument every block is regenerated and a missing
 * results file is an error; naming sections regenerates only those, and leaves the rest as they are.
 * `--check` exits 1 when docs/benchmarks.md differs from what the results give (nothing is written).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { figures, readReport, summarize } from "./lighthouse.mjs";
import { kb, median, readIndex, resultsDir, root, round } from "./lib.mjs";

const DOC = path.join(root, "docs/benchmarks.md");
const META = new Set(["measuredAt", "commit", "command", "knobs", "node", "loadAverage1m"]);

class Missing extends Error {}

function load(name) {
  const file = path.join(resultsDir, `${name}.json`);
  if (!existsSync(file)) throw new Missing(`bench/results/${name}.json is missing: run \`pnpm bench ${name}\``);
  return JSON.parse(readFileSync(file, "utf8"));
}

/** A field the table needs; a results file without it was written by a different bench. */
function need(object, keyPath, source) {
  const value = keyPath.split(".").reduce((at, key) => (at == null ? undefined : at[key]), object);
  if (value === undefined) throw new Error(`bench/results/${source}.json has no "${keyPath}": regenerate it with \`pnpm bench ${source}\``);
  return value;
}

const table = (header, rows) => [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");
const code = (text) => `\`${text}\``;
const knobs = (data) => Object.entries(data.knobs ?? {}).map(([key, value]) => `${key}=${value}`).join(" ");
const source = (name, data) => `From ${code(`bench/results/${name}.json`)}: ${code(`${knobs(data) ? `${knobs(data)} ` : ""}${data.command ?? `pnpm bench ${name}`}`)}, commit ${data.commit ?? "?"}, ${data.measuredAt?.slice(0, 16).replace("T", " ") ?? "?"} UTC, load average ${data.loadAverage1m ?? "?"}.`;
const ms = (value) => (value == null ? "—" : `${Math.round(value)}`);
const range = ([low, high], digits = 0) => `${round(low, digits)}–${round(high, digits)}`;
const truncate = (text, length = 48) => (text && text.length > length ? `${text.slice(0, length - 1)}…` : (text ?? "—"));
const cell = (text) => String(text).replace(/\|/g, "\\|").replace(/\n/g, " ");

/** Lighthouse figures recomputed from the saved reports. */
function lighthouseFromReports() {
  const data = load("lighthouse");
  const read = (files) =>
    files.map((file) => {
      const full = path.join(resultsDir, file);
      if (!existsSync(full)) throw new Error(`bench/results/lighthouse.json lists ${file}, which is not there: rerun \`pnpm bench lighthouse\``);
      return figures(readReport(full));
    });
  const bare = summarize(read(need(data, "bareNextPage.files", "lighthouse")));
  const pages = need(data, "pages", "lighthouse").map((page) => {
    const summary = summarize(read(page.files));
    return { path: page.path, family: page.family, ...summary, lcpRatioToBare: round(summary.lcpMs / bare.lcpMs, 2) };
  });
  return { data, bare, pages };
}

/** The floors section, its Lighthouse figures recomputed from the saved reports. */
function floorsFromReports() {
  const data = load("floors");
  const read = (files) =>
    summarize(
      files.map((file) => {
        const full = path.join(resultsDir, file);
        if (!existsSync(full)) throw new Error(`bench/results/floors.json lists ${file}, which is not there: rerun \`pnpm bench floors\``);
        return figures(readReport(full));
      }),
    );
  const byMethod = (files) => ({
    simulate: { page: read(files["simulate:page"]), copy: read(files["simulate:copy"]) },
    devtools: { page: read(files["devtools:page"]), copy: read(files["devtools:copy"]) },
  });
  const bareFiles = need(data, "bareNextPage.files", "floors");
  const bare = { ...data.bareNextPage, simulate: read(bareFiles.simulate), devtools: read(bareFiles.devtools) };
  const pages = need(data, "pages", "floors").map((page) => {
    const methods = byMethod(page.files);
    return { ...page, ...methods, observedLcpRatioToCopy: round(methods.devtools.page.observedLcpMs / methods.devtools.copy.observedLcpMs, 2) };
  });
  return { data, bare, pages };
}

const orDash = (value, format) => (value === undefined ? "—" : format(value));

/** The floors' main-thread figures (bench/main-thread.mjs), when the run measured them. */
function mainThreadTable(data, bare, pages) {
  const settings = data.mainThreadSettings;
  if (!settings || !bare.mainThread) return [];
  const baseline = settings.baseline !== null;
  const cell = (figures, key) => (figures ? ms(figures[key]) : "—");
  const variants = (row, key) => [cell(row.page, key), cell(row.copy, key), cell(bare.mainThread, key), ...(baseline ? [cell(row.baseline, key)] : [])].join(" / ");
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
          `${(row.page.script / bare.mainThread.script).toFixed(2)}x`,
          [cell(row.page, "parseHtmlBeforePaint"), cell(row.copy, "parseHtmlBeforePaint"), ...(baseline ? [cell(row.baseline, "parseHtmlBeforePaint")] : [])].join(" / "),
          `${row.page.domNodes} / ${row.copy.domNodes}`,
          ...(baseline ? [`${orDash(row.baseline?.htmlGzip, kb)} / ${orDash(row.baseline?.htmlBrotli, kb)}`] : []),
        ];
      }),
    ),
  ];
}

const blocks = {
  provenance() {
    const index = readIndex();
    const rows = Object.entries(index.sections).map(([name, entry]) => [name, code(`bench/results/${entry.file}`) + (entry.files?.length ? ` + ${entry.files.length} raw files` : ""), entry.measuredAt.slice(0, 16).replace("T", " "), entry.commit, code(`${knobs(entry) ? `${knobs(entry)} ` : ""}${entry.command}`), entry.loadAverage1m]);
    if (rows.length === 0) throw new Missing("bench/results/index.json lists no results: run `pnpm bench`");
    return table(["section", "results", "measured (UTC)", "commit", "command", "load avg"], rows);
  },

  aims() {
    const rows = [];
    const add = (figure, compute) => {
      try {
        rows.push([figure, ...compute()]);
      } catch (error) {
        if (!(error instanceof Missing)) throw error;
        rows.push([figure, "not measured", "", ""]);
      }
    };
    const status = (met) => (met ? "met" : "**not met**");
    // An aim over every page is only judged on a run over every page, 3 runs each.
    const judged = (data, met) => {
      const partial = [data.selection !== "all" && `BENCH_PAGES=${data.selection}`, data.runsPerPage !== undefined && data.runsPerPage < 3 && `${data.runsPerPage} run${data.runsPerPage === 1 ? "" : "s"} per page`].filter(Boolean);
      return partial.length ? `not judged (${partial.join(", ")})` : status(met);
    };
    add("LCP ratio to the bare Next page, every page (median of runs)", () => {
      const { data, pages } = lighthouseFromReports();
      const worst = pages.reduce((a, b) => (b.lcpRatioToBare > a.lcpRatioToBare ? b : a));
      const within = pages.filter((page) => page.lcpRatioToBare <= 1.05).length;
      return [`${within} of ${pages.length} pages within; worst ${worst.lcpRatioToBare.toFixed(2)}x (${code(worst.path)})`, "≤ 1.05x", judged(data, within === pages.length)];
    });
    add("Lighthouse performance: home, a service page, a post, the blog index", () => {
      const { data, pages } = lighthouseFromReports();
      const key = ["home", "service", "post", "blog index"].map((family) => pages.find((page) => page.family === family)).filter(Boolean);
      return [key.map((page) => `${code(page.path)} ${page.performance}`).join(", "), "100", judged({ ...data, selection: "all" }, key.length === 4 && key.every((page) => page.performance === 100))];
    });
    add("Lighthouse performance, every page", () => {
      const { data, pages } = lighthouseFromReports();
      const lowest = Math.min(...pages.map((page) => page.performance));
      return [`lowest ${lowest}; ${pages.filter((page) => page.performance >= 98).length} of ${pages.length} at 98 or more`, "≥ 98", judged(data, lowest >= 98)];
    });
    add("Lighthouse accessibility / best practices / SEO", () => {
      const { data, pages } = lighthouseFromReports();
      const short = pages.filter((page) => page.accessibility < 100 || page.bestPractices < 100 || page.seo < 100);
      return [short.length ? `below 100 on ${short.map((page) => code(page.path)).join(", ")}` : `100 / 100 / 100 on all ${pages.length} pages`, "100", judged(data, short.length === 0)];
    });
    add("First-load JS, gzip, ratio to the bare page", () => {
      const data = load("pages");
      const pages = need(data, "pages", "pages");
      const worst = pages.reduce((a, b) => (b.jsRatioToBare > a.jsRatioToBare ? b : a));
      return [`worst ${worst.jsRatioToBare.toFixed(2)}x (${code(worst.path)}, ${kb(worst.jsGzip)} KB)`, "≤ 1.05x", judged(data, worst.jsRatioToBare <= 1.05)];
    });
    // Against the floors (bench/floors.mjs): the document's own figures are judged on any run; the
    // Lighthouse ones are shown on fewer than 3 runs, and marked as such.
    const floorsJudged = (data, met) => (data.runsPerVariant < 3 ? `${status(met)} (${data.runsPerVariant} run${data.runsPerVariant === 1 ? "" : "s"} each: indicative)` : status(met));
    add("HTML transfer (gzip), ratio to the page's script-free copy", () => {
      const { data, pages } = floorsFromReports();
      const worst = pages.reduce((a, b) => (b.htmlGzipRatioToCopy > a.htmlGzipRatioToCopy ? b : a));
      return [`${pages.map((page) => `${code(page.path)} ${page.htmlGzipRatioToCopy.toFixed(2)}x`).join(", ")}`, "≤ 1.5x", status(worst.htmlGzipRatioToCopy <= 1.5)];
    });
    add("HTML transfer as the deployed site sends it (Brotli), ratio to the script-free copy", () => {
      const { pages } = floorsFromReports();
      if (pages.some((page) => page.htmlBrotliRatioToCopy === undefined)) throw new Missing("floors.json has no Brotli figures: rerun `pnpm bench floors`");
      const worst = pages.reduce((a, b) => (b.htmlBrotliRatioToCopy > a.htmlBrotliRatioToCopy ? b : a));
      return [`${pages.map((page) => `${code(page.path)} ${page.htmlBrotliRatioToCopy.toFixed(2)}x`).join(", ")}`, "≤ 1.5x", status(worst.htmlBrotliRatioToCopy <= 1.5)];
    });
    add("Stylesheet copies per document (inlined CSS)", () => {
      const { pages } = floorsFromReports();
      return [pages.map((page) => `${code(page.path)} ${page.stylesheetCopies}`).join(", "), "≤ 2", status(pages.every((page) => page.stylesheetCopies <= 2))];
    });
    add("Observed LCP, DevTools throttling, ratio to the script-free copy", () => {
      const { data, pages } = floorsFromReports();
      return [pages.map((page) => `${code(page.path)} ${page.observedLcpRatioToCopy.toFixed(2)}x`).join(", "), "≤ 1.10x", floorsJudged(data, pages.every((page) => page.observedLcpRatioToCopy <= 1.1))];
    });
    add("Lighthouse performance (simulated) against the bare Next page", () => {
      const { data, bare, pages } = floorsFromReports();
      return [`bare ${bare.simulate.performance}; ${pages.map((page) => `${code(page.path)} ${page.simulate.page.performance}`).join(", ")}`, "≥ bare page", floorsJudged(data, pages.every((page) => page.simulate.page.performance >= bare.simulate.performance))];
    });
    add("Total blocking time (simulated) against the bare Next page", () => {
      const { data, bare, pages } = floorsFromReports();
      return [`bare ${ms(bare.simulate.tbtMs)} ms; ${pages.map((page) => `${code(page.path)} ${ms(page.simulate.page.tbtMs)} ms`).join(", ")}`, "≤ bare page", floorsJudged(data, pages.every((page) => page.simulate.page.tbtMs <= bare.simulate.tbtMs))];
    });
    add("Zipped server function, as SST uploads it", () => {
      const data = load("coldstart");
      return [`${need(data, "zippedMB", "coldstart")} MB`, "≤ 5 MB", status(data.zippedMB <= 5)];
    });
    add("Redirect lookup cost, cache warm vs lookups off", () => {
      const data = load("redirects");
      const ratio = need(data, "pageRequestsPerSecond.ratio", "redirects");
      return [`${ratio}`, "≥ 0.95", status(ratio >= 0.95)];
    });
    add("Table reads per 10,000 mixed requests", () => {
      const data = load("redirects");
      const calls = need(data, "getItemPer10k.getItemCalls", "redirects");
      const distinct = need(data, "getItemPer10k.distinctPaths", "redirects");
      return [`${calls} GetItem for ${distinct} distinct paths`, "≤ distinct paths", status(calls <= distinct)];
    });
    add("Load run: errors, 5xx", () => {
      const data = load("load");
      return [`${need(data, "requests", "load")} requests, ${need(data, "errors", "load")} errors, ${need(data, "fiveXx", "load")} 5xx`, "0 / 0", status(data.errors === 0 && data.fiveXx === 0)];
    });
    add("Fault run: failures", () => {
      const data = load("fault");
      return [`${need(data, "failures", "fault")}`, "0", status(data.failures === 0)];
    });
    add("Hostile input: 5xx, off-site redirects, reflected markup", () => {
      const data = load("hostile");
      return [`${need(data, "requests", "hostile")} cases: ${need(data, "fiveXx", "hostile")} / ${need(data, "offSite", "hostile")} / ${need(data, "reflected", "hostile")}`, "0 / 0 / 0", status(data.fiveXx === 0 && data.offSite === 0 && data.reflected === 0)];
    });
    add("Mozilla HTTP Observatory", () => {
      const data = load("security");
      return [`${need(data, "grade", "security")} (${data.score}), ${data.testsPassed} tests`, "A+", status(data.grade === "A+")];
    });
    return table(["figure", "result", "aim", ""], rows);
  },

  lighthouse() {
    const { data, bare, pages } = lighthouseFromReports();
    const row = (label, page, ratio) => [label, page.family ?? "—", page.performance, page.accessibility, page.bestPractices, page.seo, `${ms(page.lcpMs)}${page.runs > 1 ? ` (${ms(page.lcpMinMs)}–${ms(page.lcpMaxMs)})` : ""}`, ratio, ms(page.tbtMs), page.cls];
    return [
      `${source("lighthouse", data)} ${pages.length} of the site's ${data.pagesOnSite} pages, ${data.runsPerPage} run${data.runsPerPage === 1 ? "" : "s"} each (median; LCP range in brackets); the bare page ${bare.runs} time${bare.runs === 1 ? "" : "s"}, spread through the run.`,
      "",
      table(["page", "family", "perf", "a11y", "best pr.", "SEO", "LCP ms", "LCP / bare", "TBT ms", "CLS"], [
        row("bare Next page", bare, "1.00"),
        ...pages.map((page) => row(code(page.path), page, page.lcpRatioToBare.toFixed(2))),
      ]),
      "",
      `Failing binary audits: bare page ${bare.failing.length ? bare.failing.map(code).join(", ") : "none"}; site pages ${[...new Set(pages.flatMap((page) => page.failing))].map(code).join(", ") || "none"}.`,
    ].join("\n");
  },

  lcp() {
    const { data, bare, pages } = lighthouseFromReports();
    const sum = (requests) => kb(requests.reduce((total, request) => total + (request.transferBytes ?? 0), 0));
    const before = (page) => {
      const blocking = page.requestsBeforeLcp.filter((request) => request.type !== "Image");
      return `${page.requestsBeforeLcp.length} (${sum(page.requestsBeforeLcp)} KB); not images: ${blocking.length} (${sum(blocking)} KB)`;
    };
    const element = (page) => (page.lcpElement ? `${page.lcpElement.tag ?? "?"}: ${cell(truncate(page.lcpElement.label, 40))}` : "none reported");
    const row = (label, page) => [label, element(page), ms(page.observedFcpMs), ms(page.observedLcpMs), ms(page.lcpMs), round(page.lcpMs / Math.max(page.observedLcpMs, 1), 1), kb(page.documentTransferBytes ?? 0), before(page)];
    const detailed = [["bare Next page", bare], ...["home", "service", "post", "blog index"].map((family) => pages.find((page) => page.family === family)).filter(Boolean).map((page) => [code(page.path), page])];
    const details = detailed.map(([label, page]) => [
      `- ${label}: ${Object.entries(page.lcpPhasesMs).map(([phase, value]) => `${phase} ${value} ms`).join(", ") || "no LCP phases"}; requests started before the observed LCP:`,
      ...page.requestsBeforeLcp.map((request) => `  - ${request.type ?? "?"} ${code(truncate(request.url, 90))}, ${kb(request.transferBytes ?? 0)} KB, at ${request.startMs} ms`),
    ].join("\n"));
    return [
      `${source("lighthouse", data)} Per page, from the run with the median LCP: the LCP element, the observed (unthrottled) first and largest paint, the simulated LCP Lighthouse scores, the document's transfer size and the requests that started before the observed LCP (Lighthouse's simulation treats those as blocking it).`,
      "",
      table(["page", "LCP element", "observed FCP ms", "observed LCP ms", "simulated LCP ms", "simulated / observed", "document KB", "requests before LCP"], [row("bare Next page", bare), ...pages.map((page) => row(code(page.path), page))]),
      "",
      "LCP phases (simulated) and the requests before the observed LCP, for the bare page and one page of each main family:",
      "",
      ...details,
    ].join("\n");
  },

  floors() {
    const { data, bare, pages } = floorsFromReports();
    const lighthouseRow = (page) => [
      code(page.path),
      `${ms(page.devtools.page.observedLcpMs)} / ${ms(page.devtools.copy.observedLcpMs)} / ${ms(bare.devtools.observedLcpMs)}`,
      `**${page.observedLcpRatioToCopy.toFixed(2)}x**`,
      `${ms(page.simulate.page.lcpMs)} / ${ms(page.simulate.copy.lcpMs)} / ${ms(bare.simulate.lcpMs)}`,
      `${page.simulate.page.performance} / ${page.simulate.copy.performance} / ${bare.simulate.performance}`,
      `${ms(page.simulate.page.tbtMs)} / ${ms(page.simulate.copy.tbtMs)} / ${ms(bare.simulate.tbtMs)}`,
      `${page.devtools.page.performance} / ${page.devtools.copy.performance} / ${bare.devtools.performance}`,
    ];
    return [
      `${source("floors", data)} ${pages.length} pages; each variant ${data.runsPerVariant} run${data.runsPerVariant === 1 ? "" : "s"} per throttling method (median), alternating page, script-free copy and bare page. Sent ${data.transport ? `as BENCH_FLOOR_TRANSPORT=${data.transport}` : "as `pnpm start` sends them (gzip)"}.`,
      "",
      table(["page", "HTML KB", "HTML gzip KB", "copy KB", "copy gzip KB", "gzip / copy", "HTML br KB", "copy br KB", "br / copy", "stylesheet copies", "JSON-LD copies"], [
        ...pages.map((page) => [code(page.path), kb(page.htmlBytes), kb(page.htmlGzip), kb(page.copyBytes), kb(page.copyGzip), `**${page.htmlGzipRatioToCopy.toFixed(2)}x**`, orDash(page.htmlBrotli, kb), orDash(page.copyBrotli, kb), orDash(page.htmlBrotliRatioToCopy, (ratio) => `**${ratio.toFixed(2)}x**`), page.stylesheetCopies, page.jsonLdCopies]),
        ["bare Next page", kb(bare.htmlBytes), kb(bare.htmlGzip), "—", "—", "—", orDash(bare.htmlBrotli, kb), "—", "—", "—", "—"],
      ]),
      "",
      "Lighthouse, page / script-free copy / bare Next page:",
      "",
      table(["page", "observed LCP ms (DevTools throttling)", "observed LCP / copy", "simulated LCP ms", "simulated perf", "simulated TBT ms", "perf, DevTools throttling"], pages.map(lighthouseRow)),
      ...mainThreadTable(data, bare, pages),
    ].join("\n");
  },

  pages() {
    const data = load("pages");
    const bare = need(data, "bareNextPage", "pages");
    const rows = need(data, "pages", "pages").map((page) => [
      code(page.path),
      kb(page.jsGzip),
      page.jsRatioToBare.toFixed(2),
      kb(page.htmlBytes),
      kb(page.htmlGzip),
      `${kb(page.flightHtmlBytes)} (${Math.round(page.flightShareOfHtml * 100)}%)`,
      `${kb(page.flightGzipBytes)} (${Math.round((page.flightGzipBytes / page.htmlGzip) * 100)}%)`,
      kb(page.repeatsCssBytes),
      kb(page.repeatsJsonLdBytes),
      kb(page.repeatsInlineScriptBytes),
    ]);
    const share = (key) => Math.round(median(data.pages.map((page) => page[key] / page.flightHtmlBytes)) * 100);
    return [
      `${source("pages", data)} ${data.pages.length} of the site's ${data.pagesOnSite} pages; the HTML of each is kept in ${code("bench/results/pages/")}.`,
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
    const data = load("throughput");
    const rows = Object.entries(need(data, "kinds", "throughput")).map(([kind, row]) => [
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
      `${source("throughput", data)} ${data.connections} connections, ${data.samplesPerSide} samples of ${data.durationSeconds} s per side and kind, alternating; median (min–max).`,
      "",
      table(["kind", "path", "with proxy req/s", "without proxy req/s", "ratio", "p50 ms with / without", "p99 ms with / without", "errors"], rows),
    ].join("\n");
  },

  ceiling() {
    const data = load("ceiling");
    const rows = Object.values(need(data, "pages", "ceiling")).map((row) => [
      code(row.path),
      `${row.pnpmStart.requestsPerSecond} (${row.pnpmStart.latencyP99Ms})`,
      `${row.openNextNodeServer.requestsPerSecond} (${row.openNextNodeServer.latencyP99Ms})`,
      `${row.staticServer.requestsPerSecond} (${row.staticServer.latencyP99Ms})`,
      row.pnpmStartToStatic,
      row.openNextToStatic,
    ]);
    return [`${source("ceiling", data)} ${data.connections} connections, one sample each.`, "", table(["page", "`pnpm start` req/s (p99 ms)", "OpenNext bundle as a Node server", "static server (ceiling)", "start / static", "OpenNext / static"], rows)].join("\n");
  },

  coldstart() {
    const data = load("coldstart");
    const kinds = { legacy: "legacy URL, table linked", page: "page, table linked", lookupsOff: "page, lookups off (REDIRECTS_DISABLED=1)" };
    const rows = Object.entries(kinds).map(([kind, label]) => {
      const row = need(data, kind, "coldstart");
      return [label, code(need(data, `paths.${kind}`, "coldstart")), row.status, `**${row.medianMs}**`, `${row.minMs}–${row.maxMs}`, `${row.p25Ms}–${row.p75Ms}`, row.importMedianMs, row.firstRequestMedianMs, row.s3CacheReads];
    });
    return [
      `${source("coldstart", data)} ${data.runs} cold processes per kind, alternated; the table seeded with ${data.redirectRows} rows from ${code(data.redirectsSeededFrom)}.`,
      "",
      table(["first request", "path", "status", "median ms", "min–max", "IQR", "import ms", "request ms", "S3 cache reads"], rows),
      "",
      `Zipped as SST zips it (its own archiver and glob, symlinks kept): **${data.zippedMB} MB**; ${data.zippedMBSymlinksFollowed} MB if every symlink were followed; ${round(data.unzippedBytes / 1024 / 1024, 1)} MB unzipped.`,
    ].join("\n");
  },

  build() {
    const data = load("build");
    return `${source("build", data)} From clean, 2 cores: ${code("pnpm build")} **${need(data, "pnpmBuildSeconds", "build")} s**, ${code("pnpm build:lambda")} **${need(data, "pnpmBuildLambdaSeconds", "build")} s**.`;
  },

  load() {
    const data = load("load");
    const byKind = need(data, "byKind", "load");
    const rows = Object.entries(byKind).map(([kind, row]) => [kind, row.count, `${Math.round(row.share * 100)}%`, row.p50Ms, row.p99Ms, row.errors, row.fiveXx, row.unexpected, Object.entries(row.statuses).map(([s, n]) => `${n} × ${s}`).join(", ")]);
    rows.push(["all", need(data, "requests", "load"), "100%", data.latencyP50Ms, data.latencyP99Ms, data.errors, data.fiveXx, Object.values(byKind).reduce((n, row) => n + row.unexpected, 0), ""]);
    return [
      `${source("load", data)} 50 connections for ${data.seconds} s; ${data.distinctUnknownPaths} distinct never-seen paths.`,
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
        const data = load(name);
        return [`${source(name, data)}`, "", objectTables(data)].join("\n");
      },
    ]),
  ),
};

/**
 * Results files other benches own (redirects, fault, hostile, security) change shape as those
 * benches grow; they are rendered generically, so a new figure appears without a change here:
 * scalars as a figure/value table, and an object of like objects (fault phases) as one table.
 */
function objectTables(data) {
  const isCounts = (value) => value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0 && Object.entries(value).every(([key, count]) => /^\d+$/.test(key) && typeof count === "number");
  const isScalar = (value) => value == null || typeof value !== "object" || isCounts(value);
  const show = (value) => (isCounts(value) ? Object.entries(value).map(([key, count]) => `${count} × ${key}`).join(", ") : value);
  const scalars = [];
  const tables = [];
  const walk = (value, keyPath) => {
    if (isScalar(value)) return scalars.push([keyPath, show(value)]);
    if (Array.isArray(value)) return scalars.push([keyPath, value.length && typeof value[0] === "object" ? value.map((item) => JSON.stringify(item)).join("; ") : value.join(", ")]);
    const children = Object.values(value);
    if (children.length > 1 && children.every((child) => child && typeof child === "object" && !Array.isArray(child) && !isCounts(child))) {
      const columns = [...new Set(children.flatMap((child) => Object.keys(child).filter((key) => isScalar(child[key]))))];
      if (columns.length > 1) {
        tables.push(`${code(keyPath)}:\n\n${table(["", ...columns], Object.entries(value).map(([key, child]) => [key, ...columns.map((column) => cell(show(child[column]) ?? "—"))]))}`);
        return;
      }
    }
    for (const [key, child] of Object.entries(value)) walk(child, keyPath ? `${keyPath}.${key}` : key);
  };
  for (const [key, value] of Object.entries(data)) if (!META.has(key)) walk(value, key);
  return [table(["figure", "value"], scalars.map(([key, value]) => [code(key), cell(value ?? "—")])), ...tables].join("\n\n");
}

const args = process.argv.slice(2);
const check = args.includes("--check");
const requested = args.filter((arg) => arg !== "--check");
const unknown = requested.filter((name) => !blocks[name]);
if (unknown.length) {
  console.error(`Unknown block: ${unknown.join(", ")}. Blocks: ${Object.keys(blocks).join(" ")}`);
  process.exit(2);
}
const names = requested.length ? requested : Object.keys(blocks);
let doc = readFileSync(DOC, "utf8");
const problems = [];
for (const name of names) {
  const pattern = new RegExp(`(<!-- bench:${name} -->)[\\s\\S]*?(<!-- /bench:${name} -->)`);
  if (!pattern.test(doc)) {
    problems.push(`docs/benchmarks.md has no <!-- bench:${name} --> … <!-- /bench:${name} --> block`);
    continue;
  }
  try {
    const body = blocks[name]();
    doc = doc.replace(pattern, (_, open, close) => `${open}\n${body}\n${close}`);
  } catch (error) {
    problems.push(error.message);
  }
}
if (problems.length) {
  console.error(`bench:report: nothing written.\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
  process.exit(1);
}
if (check) {
  const same = doc === readFileSync(DOC, "utf8");
  console.error(same ? "docs/benchmarks.md matches bench/results." : "docs/benchmarks.md differs from what bench/results give: run pnpm bench:report");
  process.exit(same ? 0 : 1);
}
writeFileSync(DOC, doc);
console.error(`docs/benchmarks.md: wrote ${names.join(", ")} from bench/results.`);
