import { describe, expect, it } from "vitest";
import { assetsIn, EXPECTED, fiveXxIn, random, requestSequence } from "./traffic";

describe("assetsIn", () => {
  it("finds the page's own scripts, styles, images and fonts, each once, srcset split", () => {
    const html = [
      '<link rel="stylesheet" href="/_next/static/css/a.css" data-href="/_next/static/css/a.css">',
      '<img src="/images/hero-640.avif" srcSet="/images/hero-640.avif 640w, /images/hero-1280.avif 1280w">',
      '<script src="/_next/static/chunks/main.js?dpl=x&amp;v=2"></script>',
      '<a href="/contact">contact</a><a href="/files/intake.pdf">pdf</a><img src="https://cdn.example.com/x.png">',
      "<style>@font-face{src:url(/_next/static/media/body.woff2) format('woff2')}</style>",
    ].join("");
    expect(assetsIn(html)).toEqual(["/_next/static/css/a.css", "/images/hero-640.avif", "/images/hero-1280.avif", "/_next/static/chunks/main.js?dpl=x&v=2", "/_next/static/media/body.woff2"]);
  });
});

describe("EXPECTED: the status each kind of request must get", () => {
  it.each([
    ["page", 200, true],
    ["page", 404, false],
    ["asset", 200, true],
    ["legacy", 301, true],
    ["legacy", 308, true],
    ["legacy", 304, false],
    ["legacy", 200, false],
    ["not found", 404, true],
    ["not found", 500, false],
  ] as const)("%s answered %i is %s", (kind, status, ok) => {
    expect(EXPECTED[kind](status)).toBe(ok);
  });
});

describe("fiveXxIn", () => {
  it("counts the responses of 500 and above", () => {
    expect(fiveXxIn({ "200": 90, "404": 5, "500": 3, "503": 2 })).toBe(5);
  });
});

describe("the request sequence", () => {
  const pages = ["/", "/about-me", "/blog"];
  const assets = ["/robots.txt", "/a.js"];
  const legacy = ["/old/1", "/old/2"];
  const draw = (plan: ReturnType<typeof requestSequence>, n: number) => Array.from({ length: n }, () => plan.next());

  it("is the same for the same seed, and another for another seed", () => {
    expect(draw(requestSequence(pages, assets, { legacy, seed: 7 }), 50)).toEqual(draw(requestSequence(pages, assets, { legacy, seed: 7 }), 50));
    expect(draw(requestSequence(pages, assets, { legacy, seed: 8 }), 50)).not.toEqual(draw(requestSequence(pages, assets, { legacy, seed: 7 }), 50));
  });

  it("draws each kind from its own list, and never asks for the same missing path twice", () => {
    const plan = requestSequence(pages, assets, { legacy, mix: { page: 0.25, asset: 0.25, legacy: 0.25, "not found": 0.25 } });
    const requests = draw(plan, 400);
    const of = (kind: string) => requests.filter((request) => request.kind === kind).map((request) => request.path);
    expect(new Set(of("page"))).toEqual(new Set(pages));
    expect(new Set(of("asset"))).toEqual(new Set(assets));
    expect(new Set(of("legacy"))).toEqual(new Set(legacy));
    expect(new Set(of("not found")).size).toBe(of("not found").length);
    expect(plan.distinctUnknownPaths()).toBe(of("not found").length);
  });

  it("sends only the kinds the mix weighs", () => {
    const requests = draw(requestSequence(pages, assets, { legacy, mix: { page: 0, asset: 0, legacy: 1, "not found": 0 } }), 20);
    expect(new Set(requests.map((request) => request.kind))).toEqual(new Set(["legacy"]));
  });

  it("refuses to plan a mix with legacy URLs when there are none", () => {
    expect(() => requestSequence(pages, assets, { legacy: [] })).toThrow("traffic: no legacy URLs to send");
  });
});

describe("random", () => {
  it("draws numbers in [0, 1)", () => {
    const next = random(20261123);
    const values = Array.from({ length: 1000 }, next);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
  });
});
