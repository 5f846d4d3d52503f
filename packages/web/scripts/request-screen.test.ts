import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { originForm, screen, staticFiles, type FindFile } from "./request-screen";

// A build's static folder and public/, each with a 100-byte file last modified 2026-01-01T00:00:00Z.
const CHUNK = "/_next/static/chunks/app.js";
const ICON = "/icons/logo.png";
const MODIFIED = new Date("2026-01-01T00:00:00Z");
// etag 1.8.1 of a file: W/"{size in hex}-{mtime in ms, hex}".
const ETAG = 'W/"64-19b76daa800"';

let findFile: FindFile;
beforeAll(() => {
  const root = mkdtempSync(path.join(tmpdir(), "request-screen-"));
  for (const file of ["static/chunks/app.js", "public/icons/logo.png", "public/.env"]) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x".repeat(100));
    utimesSync(path.join(root, file), MODIFIED, MODIFIED);
  }
  findFile = staticFiles({ staticDir: path.join(root, "static"), publicDir: path.join(root, "public") });
});

const answer = async (method: string, url: string, headers: Record<string, string> = {}) => {
  const found = await screen({ method, url, headers }, findFile);
  return found && { status: found.status, ...found.headers };
};

describe("requests the site server answers itself", () => {
  it("refuses every method but GET and HEAD, on pages and files alike, saying which it allows", async () => {
    for (const method of ["TRACE", "TRACK", "OPTIONS", "DELETE", "PUT", "POST", "PATCH"]) {
      for (const url of ["/", "/about-me", "/nope", CHUNK, ICON]) expect(await answer(method, url), `${method} ${url}`).toEqual({ status: 405, Allow: "GET, HEAD" });
    }
  });

  it("lets a POST through to the visit counter's beacon only, and no other method there", async () => {
    expect(await answer("POST", "/visit")).toBeUndefined();
    expect(await answer("POST", "/visit?p=/")).toBeUndefined();
    for (const url of ["/visit/", "/visits", "/visit.json"]) expect(await answer("POST", url), url).toEqual({ status: 405, Allow: "GET, HEAD" });
    for (const method of ["PUT", "DELETE", "PATCH"]) expect(await answer(method, "/visit"), method).toEqual({ status: 405, Allow: "GET, HEAD" });
  });

  it("answers `*`: a bad request, but for OPTIONS, which asks what the server allows", async () => {
    expect(await answer("GET", "*")).toEqual({ status: 400 });
    expect(await answer("HEAD", "*")).toEqual({ status: 400 });
    expect(await answer("OPTIONS", "*")).toEqual({ status: 405, Allow: "GET, HEAD" });
  });

  it("takes an absolute-form target as its path, and refuses a target that is neither", async () => {
    expect(originForm("http://www.example.com/about-me?x=1")).toBe("/about-me?x=1");
    expect(await answer("GET", "http://www.example.com/about-me")).toBeUndefined();
    expect(await answer("GET", "www.example.com:443")).toEqual({ status: 400 });
    expect(await answer("GET", "javascript:alert(1)")).toEqual({ status: 400 });
  });

  it("answers a range a file cannot satisfy with 416 and the file's length", async () => {
    for (const range of ["bytes=999999999-", "bytes=100-", "bytes=100-200, 300-400", "bytes=x"]) {
      expect(await answer("GET", CHUNK, { range }), range).toEqual({ status: 416, "Content-Range": "bytes */100" });
    }
    expect(await answer("HEAD", ICON, { range: "bytes=999999999-" })).toEqual({ status: 416, "Content-Range": "bytes */100" });
    // The file Next serves for these targets: the query and fragment are not part of its path.
    for (const url of [`${CHUNK}?v=1`, `${CHUNK}#/x?q=1`, "/_next/static/chunks/../chunks/app.js", "/icons/%6Cogo.png"]) {
      expect(await answer("GET", url, { range: "bytes=999999999-" }), url).toEqual({ status: 416, "Content-Range": "bytes */100" });
    }
  });

  it("leaves to Next a range it can serve, one it ignores, and one on what is not a file", async () => {
    for (const range of ["bytes=0-9", "bytes=-10", "bytes=90-", "bytes=0-999999999", "items=999-", "bytes"]) expect(await answer("GET", CHUNK, { range }), range).toBeUndefined();
    // If-Range naming another version: the whole file is sent, the range ignored.
    expect(await answer("GET", CHUNK, { range: "bytes=999999999-", "if-range": '"another"' })).toBeUndefined();
    expect(await answer("GET", CHUNK, { range: "bytes=999999999-", "if-range": "Wed, 31 Dec 2025 00:00:00 GMT" })).toBeUndefined();
    expect(await answer("GET", CHUNK, { range: "bytes=999999999-", "if-range": ETAG })).toEqual({ status: 416, "Content-Range": "bytes */100" });
    for (const url of ["/about-me", "/_next/static/chunks/missing.js", "/.env", "/_next/static/../../public/icons/logo.png", "/%E0%A4%A", "/_next/static/", "//_next/static/chunks/app.js", "/_next\\static/chunks/app.js"]) {
      expect(await answer("GET", url, { range: "bytes=999999999-" }), url).toBeUndefined();
    }
  });

  it("answers 412 when a file fails the request's precondition, and leaves it to Next when it holds", async () => {
    expect(await answer("GET", CHUNK, { "if-match": '"another"' })).toEqual({ status: 412 });
    expect(await answer("GET", CHUNK, { "if-match": `"another", ${ETAG}` })).toBeUndefined();
    expect(await answer("GET", CHUNK, { "if-match": "*" })).toBeUndefined();
    expect(await answer("GET", ICON, { "if-unmodified-since": "Wed, 31 Dec 2025 23:59:59 GMT" })).toEqual({ status: 412 });
    expect(await answer("GET", ICON, { "if-unmodified-since": "Thu, 01 Jan 2026 00:00:00 GMT" })).toBeUndefined();
    expect(await answer("GET", ICON, { "if-unmodified-since": "not a date" })).toBeUndefined();
    expect(await answer("GET", "/about-me", { "if-match": '"another"' })).toBeUndefined();
  });

  it("leaves everything else to Next", async () => {
    for (const url of ["/", "/about-me?x=1", "/nope", CHUNK, ICON, "//evil.example", "/%00"]) {
      expect(await answer("GET", url), url).toBeUndefined();
      expect(await answer("HEAD", url), url).toBeUndefined();
    }
  });
});
