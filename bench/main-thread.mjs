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
import { chromium } from "@playwright/test";
import { CHROMIUM, median, round } from "./lib.mjs";

const THIRD_PARTY = /googletagmanager\.com|google-analytics\.com/;
export const CPU_SLOWDOWN = 4;

export async function launchMainThreadBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"] });
}

/** One load of `url`; `ready` is a browser-side predicate (a function's source) for "hydrated". */
export async function mainThreadOnce(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.route(THIRD_PARTY, (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await cdp.send("Performance.enable");
    const events = [];
    cdp.on("Tracing.dataCollected", (message) => events.push(...message.value));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,loading", transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (ready) await page.waitForFunction(ready, undefined, { timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    const traced = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await traced;
    const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((entry) => [entry.name, entry.value]));
    const ms = (name) => round((metrics[name] ?? 0) * 1000, 1);
    return { task: ms("TaskDuration"), script: ms("ScriptDuration"), styleLayout: round(ms("RecalcStyleDuration") + ms("LayoutDuration"), 1), domNodes: metrics.Nodes ?? 0, ...beforeFirstPaint(events) };
  } finally {
    await context.close();
  }
}

/** The trace's kinds of main-thread work, by the event names Chromium gives them. */
const WORK = { parseHtml: ["ParseHTML"], styleLayout: ["UpdateLayoutTree", "Layout"], script: ["EvaluateScript", "FunctionCall", "TimerFire", "EventDispatch", "v8.compile"] };

/**
 * What the main thread did before the first contentful paint (the LCP of these pages, which is
 * their first paint): the time from navigation to it, and within it the HTML parser (tokenizing the
 * document, inline scripts' text included), style and layout, and script run outside the parser.
 * The outermost event of each kind is counted, so nothing is counted twice.
 */
export function beforeFirstPaint(events) {
  const paint = events.find((event) => event.name === "firstContentfulPaint");
  if (!paint) return { firstPaint: null, parseHtmlBeforePaint: null, styleLayoutBeforePaint: null, scriptBeforePaint: null };
  const thread = events.filter((event) => event.pid === paint.pid && event.tid === paint.tid && event.ph === "X" && event.ts < paint.ts);
  const start = events.find((event) => event.name === "navigationStart" && event.pid === paint.pid) ?? thread[0];
  const sums = Object.fromEntries(Object.keys(WORK).map((kind) => [kind, 0]));
  const kindOf = (name) => Object.keys(WORK).find((kind) => WORK[kind].includes(name));
  const counted = thread.filter((event) => kindOf(event.name)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  let coveredUntil = -Infinity;
  for (const event of counted) {
    if (event.ts + event.dur <= coveredUntil) continue; // inside an event already counted
    sums[kindOf(event.name)] += event.dur / 1000;
    coveredUntil = event.ts + event.dur;
  }
  return {
    firstPaint: round((paint.ts - start.ts) / 1000, 1),
    parseHtmlBeforePaint: round(sums.parseHtml, 1),
    styleLayoutBeforePaint: round(sums.styleLayout, 1),
    scriptBeforePaint: round(sums.script, 1),
  };
}

/** Medians of a variant's runs. */
export function summarizeMainThread(runs) {
  const of = (key) => (runs.some((run) => run[key] == null) ? null : round(median(runs.map((run) => run[key])), 1));
  const keys = ["task", "script", "styleLayout", "domNodes", "firstPaint", "parseHtmlBeforePaint", "styleLayoutBeforePaint", "scriptBeforePaint"];
  return { runs: runs.length, ...Object.fromEntries(keys.map((key) => [key, of(key)])) };
}
