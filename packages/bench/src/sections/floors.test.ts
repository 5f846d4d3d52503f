import { describe, expect, it } from "vitest";
import { baselineComparison, encodingFor, scriptFreeCopy } from "./floors";
import type { Summary } from "./lighthouse";
import type { MainThreadSummary } from "./main-thread";

describe("scriptFreeCopy", () => {
  it("removes every script and script preload, and keeps the JSON-LD, styles and other preloads", () => {
    const html = [
      "<head>",
      '<link rel="preload" href="/_next/static/chunks/a.js" as="script">',
      '<link rel="modulepreload" href="/_next/static/chunks/b.js">',
      '<link rel="preload" href="/fonts/body.woff2" as="font" crossorigin="">',
      "<style>body{margin:0}</style>",
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      "</head><body><h1>Hi</h1>",
      "<script>self.__next_f.push([1,\"x\"])</script>",
      '<script id="gtm">\nwindow.dataLayer=[];\n</script>',
      "</body>",
    ].join("");
    expect(scriptFreeCopy(html)).toBe(
      '<head><link rel="preload" href="/fonts/body.woff2" as="font" crossorigin=""><style>body{margin:0}</style><script type="application/ld+json">{"@type":"Person"}</script></head><body><h1>Hi</h1></body>',
    );
  });
});

describe("encodingFor (BENCH_FLOOR_TRANSPORT)", () => {
  it.each([
    { mode: "deployed", accept: "gzip, deflate, br, zstd", type: "text/html; charset=utf-8", expected: "br" },
    { mode: "deployed", accept: "gzip", type: "application/javascript", expected: "gzip" },
    { mode: "start", accept: "gzip, br", type: "text/css", expected: "gzip" },
    { mode: "deployed", accept: "br", type: "image/svg+xml", expected: "br" },
    { mode: "deployed", accept: "br", type: "image/avif", expected: undefined },
    { mode: "deployed", accept: "", type: "text/html", expected: undefined },
    { mode: "start", accept: "br", type: "text/html", expected: undefined },
  ] as const)("$mode, Accept-Encoding '$accept', $type: $expected", ({ mode, accept, type, expected }) => {
    expect(encodingFor(mode, accept, type)).toBe(expected);
  });
});

describe("baselineComparison", () => {
  const summary = (lcpMs: number, tbtMs: number, cls: number, observedLcpMs: number) => ({ lcpMs, tbtMs, cls, observedLcpMs }) as Summary;
  const thread = (script: number) => ({ script }) as MainThreadSummary;
  it("prints each page's figures beside the baseline's, page first", () => {
    const row = {
      path: "/",
      htmlBrotli: 21_000,
      lighthouse: { "simulate:page": summary(1800, 40, 0, 900), "simulate:baseline": summary(1500, 30, 0.01, 850), "devtools:page": summary(0, 0, 0, 1000), "devtools:baseline": summary(0, 0, 0, 950) },
      mainThread: { page: thread(120), copy: thread(0), baseline: { ...thread(110), htmlBrotli: 20_900 } },
    };
    expect(baselineComparison([row])).toEqual([
      "floors: this build beside the baseline (BENCH_BASELINE_WEB), medians; page / baseline",
      "  /: LCP 1800 / 1500 ms (1.2x), TBT 40 / 30 ms, CLS 0 / 0.01, observed LCP 1000 / 950 ms, main-thread script 120 / 110 ms, HTML (Brotli) 21000 / 20900 bytes",
    ]);
  });
});
