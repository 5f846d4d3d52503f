import { describe, expect, it } from "vitest";
import { parseRawAnswer } from "@practice/web/testing/raw-http";
import { onSite, problemsOf } from "./hostile";

const SECURE = "X-Content-Type-Options: nosniff\r\nContent-Security-Policy: default-src 'self'; frame-ancestors 'none'\r\nStrict-Transport-Security: max-age=63072000\r\n";
const answer = (head: string, body = "") => parseRawAnswer(`${head}\r\n\r\n${body}`);

describe("onSite", () => {
  it.each([
    [undefined, true],
    ["/contact", true],
    ["/blog?category=A", true],
    ["http://127.0.0.1:4616/contact", true],
    ["//evil.example/", false],
    ["/\\evil.example", false],
    ["http://evil.example/", false],
    ["http://127.0.0.1:4617/contact", false],
  ])("Location %s stays on the site: %s", (location, expected) => {
    expect(onSite(location, 4616)).toBe(expected);
  });
});

describe("problemsOf a hostile request's answer", () => {
  it("finds nothing wrong with a 404 that carries the security headers", () => {
    expect(problemsOf(answer(`HTTP/1.1 404 Not Found\r\n${SECURE}Content-Type: text/html`, "<h1>Not found</h1>"), 4616)).toEqual([]);
  });

  it("counts a 5xx, and no answer at all, as a 5xx", () => {
    expect(problemsOf(answer(`HTTP/1.1 502 Bad Gateway\r\n${SECURE}`), 4616)).toEqual(["fiveXx"]);
    expect(problemsOf(parseRawAnswer(""), 4616)).toEqual(["fiveXx"]);
  });

  it("finds an off-site redirect without the security headers", () => {
    expect(problemsOf(answer("HTTP/1.1 308 Permanent Redirect\r\nLocation: //evil.example/x"), 4616)).toEqual(["offSite", "withoutSecurityHeaders"]);
  });

  it("finds markup reflected into HTML, and not into a navigation payload", () => {
    const reflected = '<p>You asked for "><img src=x onerror=alert(1)></p>';
    expect(problemsOf(answer(`HTTP/1.1 404 Not Found\r\n${SECURE}Content-Type: text/html; charset=utf-8`, reflected), 4616)).toEqual(["reflected"]);
    expect(problemsOf(answer(`HTTP/1.1 200 OK\r\n${SECURE}Content-Type: text/x-component`, reflected), 4616)).toEqual([]);
  });
});
