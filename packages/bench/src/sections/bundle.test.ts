import { describe, expect, it } from "vitest";
import { flightAnalysis, scriptUrls } from "./bundle";

describe("scriptUrls", () => {
  it("lists the scripts a modern browser loads: <script src>, script preloads and modulepreloads, once each", () => {
    const html = [
      '<link rel="preload" href="/_next/static/chunks/a.js" as="script">',
      '<link rel="preload" href="/_next/static/media/font.woff2" as="font">',
      '<link rel="modulepreload" href="/_next/static/chunks/b.js?v=1&amp;x=2">',
      '<link rel="stylesheet" href="/styles.css">',
      '<script src="/_next/static/chunks/a.js" async=""></script>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script src="https://www.googletagmanager.com/gtm.js"></script>',
      "<script>self.__next_f.push([0])</script>",
    ].join("");
    expect(scriptUrls(html)).toEqual(["/_next/static/chunks/a.js", "https://www.googletagmanager.com/gtm.js", "/_next/static/chunks/b.js?v=1&x=2"]);
  });
});

describe("flightAnalysis", () => {
  // Text rows are `<id>:T<length in hex>,<that many bytes>`, each after a line break (the rows
  // between them here end with one): row 1 repeats the <style>, row 2 the JSON-LD, row 3 an inline
  // script, row 4 nothing on the page.
  const css = "a>b{color:red}"; // 14 bytes: e
  const jsonLd = '{"@type":"Person"}'; // 18 bytes: 12
  const inline = "window.x=1"; // 10 bytes: a
  const other = "héllo"; // 6 bytes in UTF-8 (5 characters): 6
  const flight = `0:["$","html"]\n1:Te,${css}5:["$","p"]\n2:T12,${jsonLd}6:null\n3:Ta,${inline}7:null\n4:T6,${other}`;
  const push = (value: unknown) => `<script>self.__next_f.push(${JSON.stringify(value)})</script>`;
  const html = `<html><head><style>${css}</style><script type="application/ld+json">${jsonLd}</script><script>${inline}</script></head><body>${push([0])}${push([1, flight.slice(0, 20)])}${push([1, flight.slice(20)])}</body></html>`;

  it("counts the payload's scripts and bytes, and the bytes of its rows that repeat the page", () => {
    const result = flightAnalysis(html);
    const scriptBytes = Buffer.byteLength(push([0])) + Buffer.byteLength(push([1, flight.slice(0, 20)])) + Buffer.byteLength(push([1, flight.slice(20)]));
    expect(result).toMatchObject({
      flightScripts: 3,
      flightHtmlBytes: scriptBytes,
      // Escaped as React writes them into the script: > as \u003e (5 more bytes), the JSON-LD's
      // four quotes as \" (4 more).
      repeatsCssBytes: 19,
      repeatsJsonLdBytes: 22,
      repeatsInlineScriptBytes: 10,
      flightTextRowBytes: 19 + 22 + 10 + 6,
      inlineCssBytes: 14,
      jsonLdBytes: 18,
    });
    expect(result.flightGzipBytes).toBeGreaterThan(0);
  });

  it("refuses a page without a payload rather than report zeros", () => {
    expect(() => flightAnalysis("<html><body>static</body></html>", "/about-me")).toThrow("/about-me: no self.__next_f.push scripts in the HTML");
  });
});
