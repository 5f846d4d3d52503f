import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { finishPage, inlineScriptHashes, scriptPolicy } from "./finish-html";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a page's script policy", () => {
  const html = [
    "<html><head><meta charSet=\"utf-8\"/>",
    '<script id="chunk-reload">(function(){reload()})()</script>',
    '<script src="/_next/static/chunks/a.js" async=""></script>',
    '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
    "</head><body><script>self.__next_f.push([1,\"x\"])</script>",
    '<script type="module">import "/x.js"</script>',
    "<script>self.__next_f.push([1,\"x\"])</script></body></html>",
  ].join("");

  it("hashes each inline script once, in order, and nothing that is not one", () => {
    expect(inlineScriptHashes(html)).toEqual([sha("(function(){reload()})()"), sha('self.__next_f.push([1,"x"])'), sha('import "/x.js"')]);
  });

  it("allows the site, the tag manager and those hashes, and no inline script besides", () => {
    const policy = scriptPolicy(html);
    expect(policy.startsWith("script-src 'self' https://www.googletagmanager.com 'sha256-")).toBe(true);
    expect(policy).not.toContain("unsafe-inline");
  });
});

describe("a finished page", () => {
  const page = [
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
    '<script src="/_next/static/chunks/a.js" async=""></script>',
    '<script id="chunk-reload">(function(){reload()})()</script>',
    "</head><body><p>Hi</p><script>self.__next_f.push([0])</script></body></html>",
  ].join("");

  it("starts its <head> with the policy, then the chunk listener, before any other script", () => {
    const finished = finishPage(page) as string;
    const head = finished.slice(finished.indexOf("<head>"));
    expect(head.startsWith(`<head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="${scriptPolicy(page)}"/><script id="chunk-reload">`)).toBe(true);
    expect(finished.match(/chunk-reload/g)).toHaveLength(1);
  });

  it("is finished once: doing it again changes nothing", () => {
    const finished = finishPage(page) as string;
    expect(finishPage(finished)).toBe(finished);
  });

  it("leaves alone what is not a page", () => {
    expect(finishPage('{"not":"html"}')).toBeUndefined();
  });
});
