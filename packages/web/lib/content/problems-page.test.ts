import { describe, expect, it } from "vitest";
import { problemsResponse } from "./problems-page";

describe("the page of content problems (pnpm dev)", () => {
  it("shows each problem as text, answers 500 uncached, runs no script, and loads itself again", async () => {
    const response = problemsResponse('Content has 1 problem:\n  content/pages/about-me.md: field "title": is <b>missing</b> & more');
    expect(response.status).toBe(500);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
    const html = await response.text();
    expect(html).toContain('<pre>Content has 1 problem:\n  content/pages/about-me.md: field "title": is &lt;b&gt;missing&lt;/b&gt; &amp; more</pre>');
    expect(html).toContain('<meta http-equiv="refresh" content="2">');
    expect(html).not.toContain("<script");
  });
});
