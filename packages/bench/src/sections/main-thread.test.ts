import { describe, expect, it } from "vitest";
import { beforeFirstPaint, type MainThreadRun, summarizeMainThread, type TraceEvent } from "./main-thread";

// Microseconds, as Chromium's trace gives them. Renderer 10, main thread 1; the browser is pid 2.
const event = (name: string, ts: number, dur?: number, pid = 10, tid = 1): TraceEvent => ({ name, ph: dur === undefined ? "I" : "X", pid, tid, ts, ...(dur !== undefined && { dur }) });

describe("beforeFirstPaint", () => {
  it("sums the outermost parser, style/layout and script work before the first contentful paint", () => {
    const events = [
      event("navigationStart", 1_000_000),
      event("ParseHTML", 1_010_000, 30_000), // 30 ms
      event("EvaluateScript", 1_015_000, 5_000), // inside the parse above: not counted again
      event("ParseHTML", 1_050_000, 12_500), // 12.5 ms
      event("UpdateLayoutTree", 1_070_000, 4_000), // 4 ms
      event("Layout", 1_075_000, 6_000), // 6 ms
      event("FunctionCall", 1_090_000, 8_000), // 8 ms
      event("Paint", 1_100_000, 2_000), // not a kind counted
      event("EvaluateScript", 1_100_000, 3_000, 10, 7), // another thread
      event("ParseHTML", 1_100_000, 9_000, 2, 1), // another process
      event("firstContentfulPaint", 1_120_000),
      event("EvaluateScript", 1_130_000, 50_000), // after the paint
    ];
    expect(beforeFirstPaint(events)).toEqual({ firstPaint: 120, parseHtmlBeforePaint: 42.5, styleLayoutBeforePaint: 10, scriptBeforePaint: 8 });
  });

  it("is all nulls when the trace has no first contentful paint", () => {
    expect(beforeFirstPaint([event("ParseHTML", 0, 10)])).toEqual({ firstPaint: null, parseHtmlBeforePaint: null, styleLayoutBeforePaint: null, scriptBeforePaint: null });
  });
});

describe("summarizeMainThread", () => {
  const run = (task: number, script: number, firstPaint: number | null): MainThreadRun => ({ task, script, styleLayout: 10, domNodes: 400, firstPaint, parseHtmlBeforePaint: firstPaint && 20, styleLayoutBeforePaint: firstPaint && 5, scriptBeforePaint: firstPaint && 1 });

  it("gives the median of each figure over the runs", () => {
    expect(summarizeMainThread([run(300, 90, 800), run(250, 70, 700), run(400, 120, 900)])).toEqual({
      runs: 3,
      task: 300,
      script: 90,
      styleLayout: 10,
      domNodes: 400,
      firstPaint: 800,
      parseHtmlBeforePaint: 20,
      styleLayoutBeforePaint: 5,
      scriptBeforePaint: 1,
    });
  });

  it("gives null for a figure one run could not read, rather than a median of fewer runs", () => {
    expect(summarizeMainThread([run(300, 90, 800), run(250, 70, null)])).toMatchObject({ task: 300, firstPaint: null, parseHtmlBeforePaint: null });
  });
});
