import { describe, expect, it } from "vitest";
import { encodingFor, scriptFreeCopy } from "./floors";

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
