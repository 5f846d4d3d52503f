import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { finishNextBuild, finishPage, inlineScriptHashes, scriptPolicy, withoutFlightJsonLd } from "./finish-html";

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
    // The listener's hash, then the flight script's: sha256 of "(function(){reload()})()" and "self.__next_f.push([0])".
    const policy = "script-src 'self' https://www.googletagmanager.com 'sha256-hMwPgn/ze9fbtQZeArxW8VGFFA/+u2E7VDvoBt2a12I=' 'sha256-VXfQxoId3eHgS78yBQY2mYYWuOAzZGdxULBMV816UdU='";
    expect(head.startsWith(`<head><meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="${policy}"/><script id="chunk-reload">`)).toBe(true);
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

describe("pages as a browser parses them", () => {
  const page = (head: string, body = "") => `<!DOCTYPE html><html><head><meta charSet="utf-8"/>${head}</head><body>${body}</body></html>`;

  it("hashes a script whose attributes hold a '>', in any letter case, with CRLF line ends as a browser reads them", () => {
    expect(inlineScriptHashes(page('<script data-note="a>b">run()</script>'))).toEqual([sha("run()")]);
    expect(inlineScriptHashes(page("<SCRIPT TYPE=' Text/JavaScript '>run()</SCRIPT>"))).toEqual([sha("run()")]);
    expect(inlineScriptHashes(page("<script>a()\r\nb()</script>"))).toEqual([sha("a()\nb()")]);
  });

  it("hashes nothing that never runs: comments, data blocks, templates, scripts with a src", () => {
    const inert = page('<!-- <script>old()</script> --><script type="application/ld+json">{}</script><template><script>later()</script></template><script src="/a.js"></script><script type="text/javascript; charset=utf-8">x()</script>');
    expect(inlineScriptHashes(inert)).toEqual([]);
  });

  it("finishes a <head> with attributes, and one without a charset first", () => {
    const finished = finishPage('<html><head data-x="1"><title>T</title><script>run()</script></head><body></body></html>') as string;
    expect(finished).toBe(`<html><head data-x="1"><meta http-equiv="Content-Security-Policy" content="script-src 'self' https://www.googletagmanager.com ${sha("run()")}"/><title>T</title><script>run()</script></head><body></body></html>`);
  });

  it("leaves a document without a <head> of its own alone", () => {
    expect(finishPage("<p>fragment</p><script>run()</script>")).toBeUndefined();
  });
});

describe("finishing a build", () => {
  function build(pages: Record<string, string | undefined>): string {
    const distDir = mkdtempSync(path.join(tmpdir(), "finish-html-"));
    const routes: Record<string, { routeType: string }> = { "/feed.xml": { routeType: "route" } };
    for (const [route, html] of Object.entries(pages)) {
      routes[route] = { routeType: "page" };
      if (html === undefined) continue;
      const file = path.join(distDir, "server/app", `${route === "/" ? "index" : route.slice(1)}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
    writeFileSync(path.join(distDir, "prerender-manifest.json"), JSON.stringify({ routes }));
    return distDir;
  }
  const good = "<!DOCTYPE html><html><head></head><body><script>x()</script></body></html>";

  it("finishes every page the build record lists (route handlers are not pages)", async () => {
    const distDir = build({ "/": good, "/blog/post": good });
    expect(await finishNextBuild(distDir)).toEqual({ finished: 2, unfinished: [] });
    expect(readFileSync(path.join(distDir, "server/app/blog/post.html"), "utf8")).toContain('http-equiv="Content-Security-Policy"');
  });

  it("names each page it could not finish: missing, or with no <head>", async () => {
    const distDir = build({ "/": good, "/about-me": undefined, "/contact": "<p>not a page</p>" });
    expect(await finishNextBuild(distDir)).toEqual({ finished: 1, unfinished: ["/about-me", "/contact"] });
  });
});

describe("the JSON-LD, once per page", () => {
  const graph = '{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Café \\u003c & ’"}]}';
  const push = (text: string) => `<script>self.__next_f.push(${JSON.stringify([1, text]).replace(/</g, "\\u003c").replace(/&/g, "\\u0026")})</script>`;
  const decoded = (html: string) =>
    [...html.matchAll(/<script>self\.__next_f\.push\((\[[\s\S]*?\])\)<\/script>/g)].map((match) => (JSON.parse(match[1]!) as [number, string])[1]).join("");
  const row = (id: string, text: string) => `${id}:T${Buffer.byteLength(text).toString(16)},${text}`;
  const page = (...pushes: string[]) =>
    `<!DOCTYPE html><html><head><meta charSet="utf-8"/></head><body><main><script type="application/ld+json">${graph}</script><p>Hi</p></main>${pushes.map(push).join("")}</body></html>`;

  it("empties the flight payload's text row that repeats the JSON-LD, and nothing else", () => {
    const before = `0:["$","main",null,{}]\n${row("1a", graph)}2:["$","p",null,{"children":"Hi"}]\n`;
    const html = page(before);
    const after = withoutFlightJsonLd(html);
    expect(decoded(after)).toBe(`0:["$","main",null,{}]\n1a:T0,2:["$","p",null,{"children":"Hi"}]\n`);
    expect(after.split(graph)).toHaveLength(2);
    expect(after.slice(0, after.indexOf("<script>self"))).toBe(html.slice(0, html.indexOf("<script>self")));
  });

  it("finds the row across chunk boundaries, its length digits split from its text", () => {
    const flight = `0:{}\n${row("1a", graph)}3:"x"\n`;
    const split = [flight.slice(0, 8), flight.slice(8, 40), flight.slice(40)];
    expect(decoded(withoutFlightJsonLd(page(...split)))).toBe('0:{}\n1a:T0,3:"x"\n');
  });

  it("leaves a row alone whose stated length is not the text's, or that is not a text row", () => {
    for (const flight of [`1a:T10,${graph}`, `1a:["$","script",null,{"dangerouslySetInnerHTML":{"__html":${JSON.stringify(graph)}}}]\n`]) {
      const html = page(flight);
      expect(withoutFlightJsonLd(html)).toBe(html);
    }
  });

  it("is part of finishing a page, and finishing twice changes nothing", () => {
    const finished = finishPage(page(row("1a", graph))) as string;
    expect(decoded(finished)).toBe("1a:T0,");
    expect(finishPage(finished)).toBe(finished);
    // The policy hashes the payload script as it is now.
    expect(scriptPolicy(finished)).toContain(sha(`self.__next_f.push(${JSON.stringify([1, "1a:T0,"])})`));
  });
});
