import { describe, expect, it } from "vitest";
import { report } from "../testing/lighthouse-report";
import { figures, type RunFigures, slim, summarize } from "./lighthouse";

describe("figures of one Lighthouse report", () => {
  it("reads scores, metrics, the LCP element and phases, and the requests before the observed LCP", () => {
    expect(figures(report())).toEqual({
      url: "http://127.0.0.1:4601/services/couplesTherapy",
      performance: 99,
      accessibility: 100,
      bestPractices: 96,
      seo: 100,
      lcpMs: 1512,
      fcpMs: 1202,
      tbtMs: 13,
      cls: 0.001,
      observedLcpMs: 413,
      observedFcpMs: 398,
      lcpElement: { label: "Couples therapy in Seattle", selector: "main > h1", tag: "h1" },
      lcpPhasesMs: { TTFB: 10, "Render Delay": 381 },
      documentTransferBytes: 18_432,
      requestsBeforeLcp: [
        { url: "/_next/static/chunks/main.js", type: "Script", transferBytes: 50_000, startMs: 120 },
        { url: "https://fonts.example.com/font.woff2", type: "Font", transferBytes: 9000, startMs: 200 },
      ],
      failing: ["is-on-https", "uses-http2"],
    });
  });

  it("refuses a report without an audit it needs, naming it", () => {
    const broken = report();
    delete broken.audits["total-blocking-time"];
    expect(() => figures(broken)).toThrow('Lighthouse report for http://127.0.0.1:4601/services/couplesTherapy has no "total-blocking-time" audit');
  });

  it("refuses a report without a score", () => {
    const broken = report();
    broken.categories.seo = { score: null };
    expect(() => figures(broken)).toThrow("has no seo score");
  });
});

describe("slim", () => {
  it("drops the screenshots and translations, keeps every figure", () => {
    const slimmed = slim(report());
    expect(slimmed.fullPageScreenshot).toBeUndefined();
    expect(slimmed.audits["screenshot-thumbnails"]?.details).toBeUndefined();
    expect(slimmed.i18n).toEqual({ rendererFormattedStrings: {}, icuMessagePaths: {} });
    expect(slimmed.timing).toEqual({ total: 10_000 });
    expect(figures(slimmed)).toEqual(figures(report()));
  });
});

describe("summarize", () => {
  const run = (lcpMs: number, performance: number, failing: string[], label: string): RunFigures => ({
    ...figures(report()),
    lcpMs,
    performance,
    failing,
    lcpElement: { label, selector: "h1", tag: "h1" },
  });

  it("takes the median of each figure, the LCP range, and the element from the run with the median LCP", () => {
    const summary = summarize([run(1600, 97, [], "slow"), run(1400, 100, ["uses-http2"], "fast"), run(1500, 99, ["is-on-https"], "middle")]);
    expect(summary).toMatchObject({ runs: 3, lcpMs: 1500, lcpMinMs: 1400, lcpMaxMs: 1600, performance: 99, lcpElement: { label: "middle" }, failing: ["is-on-https", "uses-http2"] });
  });

  it("reads the element from the lower middle run of an even count (the median figures are the upper)", () => {
    const summary = summarize([run(1600, 97, [], "slowest"), run(1400, 100, [], "fastest"), run(1500, 99, [], "second"), run(1550, 98, [], "third")]);
    expect(summary).toMatchObject({ lcpMs: 1550, performance: 99, lcpElement: { label: "second" } });
  });

  it("refuses no runs", () => {
    expect(() => summarize([])).toThrow("no Lighthouse runs to summarize");
  });
});
