/**
 * What a page makes the browser's main thread do, measured in a real Chromium with its CPU slowed
 * 4x (as Lighthouse's mobile setting does), for the floors section: a page, its script-free copy
 * and the bare Next page side by side.
 *
 * Each load is a fresh browser context (its own renderer), tag manager hosts blocked. The figures
 * are the renderer's own counters (DevTools' Performance.getMetrics), read once the page is quiet:
 * the page has hydrated (`ready`, when given), its load event has fired and 1 s has passed with no
 * request open. All in milliseconds of throttled time:
 *   - task: every task the main thread ran (parsing, script, style, layout, paint, idle callbacks);
 *   - script: JavaScript (compiling, evaluating chunks, hydrating, effects);
 *   - styleLayout: style recalculation and layout.
 * The page's script minus the bare page's is what its own content costs to hydrate; the page's
 * task minus its copy's is what all of its JavaScript costs the page. From a trace of the same
 * load, the time to the first contentful paint and the work before it (beforeFirstPaint).
 */
import { type Browser, chromium } from "@playwright/test";
import { CHROMIUM } from "../lib/paths";
import { median, round } from "../lib/stats";

const THIRD_PARTY = /googletagmanager\.com|google-analytics\.com/;
export const CPU_SLOWDOWN = 4;

export async function launchMainThreadBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"] });
}

/** A trace event as Chromium reports it (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  /** Microseconds, for complete ("X") events. */
  dur?: number;
}

interface BeforeFirstPaint {
  firstPaint: number | null;
  parseHtmlBeforePaint: number | null;
  styleLayoutBeforePaint: number | null;
  scriptBeforePaint: number | null;
}

export interface MainThreadRun extends BeforeFirstPaint {
  task: number;
  script: number;
  styleLayout: number;
  domNodes: number;
}

/** One load of `url`; `ready` is a browser-side predicate for "hydrated". */
export async function mainThreadOnce(browser: Browser, url: string, ready?: () => boolean): Promise<MainThreadRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.route(THIRD_PARTY, (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Performance.enable");
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (message) => events.push(...(message.value as unknown as TraceEvent[])));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,loading", transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (ready) await page.waitForFunction(ready, undefined, { timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    const traced = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await traced;
    const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((entry) => [entry.name, entry.value]));
    const ms = (name: string) => round((metrics[name] ?? 0) * 1000, 1);
    return { task: ms("TaskDuration"), script: ms("ScriptDuration"), styleLayout: round(ms("RecalcStyleDuration") + ms("LayoutDuration"), 1), domNodes: metrics.Nodes ?? 0, ...beforeFirstPaint(events) };
  } finally {
    await context.close();
  }
}

/** The trace's kinds of main-thread work, by the event names Chromium gives them. */
const WORK = { parseHtml: ["ParseHTML"], styleLayout: ["UpdateLayoutTree", "Layout"], script: ["EvaluateScript", "FunctionCall", "TimerFire", "EventDispatch", "v8.compile"] };
type Work = keyof typeof WORK;
const kindOf = (name: string): Work | undefined => (Object.keys(WORK) as Work[]).find((kind) => WORK[kind].includes(name));

/**
 * What the main thread did before the first contentful paint (the LCP of these pages, which is
 * their first paint): the time from navigation to it, and within it the HTML parser (tokenizing the
 * document, inline scripts' text included), style and layout, and script run outside the parser.
 * The outermost event of each kind is counted, so nothing is counted twice.
 */
export function beforeFirstPaint(events: readonly TraceEvent[]): BeforeFirstPaint {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return { firstPaint: null, parseHtmlBeforePaint: null, styleLayoutBeforePaint: null, scriptBeforePaint: null };
  const thread = events.filter((event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === "X" && event.ts < paint.ts);
  const start = events.find((event) => event.name === "navigationStart" && event.pid === paint.pid) ?? thread[0] ?? paint;
  const sums: Record<Work, number> = { parseHtml: 0, styleLayout: 0, script: 0 };
  const counted = thread.filter((event) => kindOf(event.name)).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  let coveredUntil = -Infinity;
  for (const event of counted) {
    const dur = event.dur ?? 0;
    if (event.ts + dur <= coveredUntil) continue; // inside an event already counted
    sums[kindOf(event.name)!] += dur / 1000;
    coveredUntil = event.ts + dur;
  }
  return {
    firstPaint: round((paint.ts - start.ts) / 1000, 1),
    parseHtmlBeforePaint: round(sums.parseHtml, 1),
    styleLayoutBeforePaint: round(sums.styleLayout, 1),
    scriptBeforePaint: round(sums.script, 1),
  };
}

export type MainThreadSummary = { runs: number } & { [Key in keyof MainThreadRun]: number | null };

/** Medians of a variant's runs (null for a figure some run lacks). */
export function summarizeMainThread(runs: readonly MainThreadRun[]): MainThreadSummary {
  const of = (key: keyof MainThreadRun) => (runs.some((run) => run[key] == null) ? null : round(median(runs.map((run) => run[key] as number)), 1));
  return {
    runs: runs.length,
    task: of("task"),
    script: of("script"),
    styleLayout: of("styleLayout"),
    domNodes: of("domNodes"),
    firstPaint: of("firstPaint"),
    parseHtmlBeforePaint: of("parseHtmlBeforePaint"),
    styleLayoutBeforePaint: of("styleLayoutBeforePaint"),
    scriptBeforePaint: of("scriptBeforePaint"),
  };
}
