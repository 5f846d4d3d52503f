import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { dropRevalidationFunction, slimServerFunction } from "./slim-lambda";

/** Each file's size in the test's server function (bytes). */
const SIZES: Record<string, number> = {
  "dist/server/capsize-font-metrics.json": 4000,
  "dist/compiled/edge-runtime/index.js": 300,
  "dist/compiled/@edge-runtime/primitives/load.js": 20,
};

/** A server function folder shaped like OpenNext's (pnpm layout), holding the given files of Next. */
function serverFunction(files: string[]): string {
  const fn = mkdtempSync(path.join(tmpdir(), "slim-lambda-"));
  const next = path.join(fn, "node_modules/.pnpm/next@16.4.6/node_modules/next");
  for (const file of files) {
    mkdirSync(path.dirname(path.join(next, file)), { recursive: true });
    writeFileSync(path.join(next, file), "x".repeat(SIZES[file] ?? 1));
  }
  return fn;
}

const NEEDED = ["dist/compiled/@edge-runtime/cookies/index.js", "dist/server/next-server.js"];
const UNUSED = ["dist/server/capsize-font-metrics.json", "dist/compiled/edge-runtime/index.js", "dist/compiled/@edge-runtime/primitives/load.js"];
const next = (fn: string, file: string) => path.join(fn, "node_modules/.pnpm/next@16.4.6/node_modules/next", file);

describe("slimming the server function", () => {
  it("removes the parts of Next the site never loads and keeps what every request needs", () => {
    const fn = serverFunction([...NEEDED, ...UNUSED, "dist/compiled/@edge-runtime/ponyfill/index.js"]);
    expect(slimServerFunction(fn)).toBe(4320); // the bytes removed: 4000 + 300 + 20
    for (const file of UNUSED) expect(existsSync(next(fn, file)), file).toBe(false);
    for (const file of [...NEEDED, "dist/compiled/@edge-runtime/ponyfill/index.js"]) expect(existsSync(next(fn, file)), file).toBe(true);
  });

  it("fails, naming it, when a file every request needs is missing (Next's request cookies)", () => {
    expect(() => slimServerFunction(serverFunction(["dist/server/next-server.js", ...UNUSED]))).toThrow(/dist\/compiled\/@edge-runtime\/cookies\/index\.js is missing from the server function/);
  });

  it.each(UNUSED)("fails, naming it, when the trace no longer holds %s", (file) => {
    const holds = UNUSED.filter((f) => f !== file);
    expect(() => slimServerFunction(serverFunction([...NEEDED, ...holds]))).toThrow(/is not in the server function: Next changed what it traces/);
  });

  it("fails when there is no server function or no Next in it", () => {
    expect(() => slimServerFunction(path.join(tmpdir(), "no-such-function"))).toThrow(/no server function/);
    expect(() => slimServerFunction(mkdtempSync(path.join(tmpdir(), "slim-lambda-")))).toThrow(/no copy of next/);
  });
});

describe("the manifest edit", () => {
  const manifest = (content: unknown) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "slim-lambda-")), "open-next.output.json");
    writeFileSync(file, JSON.stringify(content));
    return file;
  };

  it("takes the revalidation function out and keeps the rest", () => {
    const file = manifest({ origins: { default: {} }, additionalProps: { revalidationFunction: { handler: "index.handler" }, disableTagCache: true } });
    dropRevalidationFunction(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ origins: { default: {} }, additionalProps: { disableTagCache: true } });
  });

  it("fails, saying why, when OpenNext no longer names one", () => {
    expect(() => dropRevalidationFunction(manifest({ origins: {}, additionalProps: {} }))).toThrow(/no additionalProps\.revalidationFunction/);
    expect(() => dropRevalidationFunction(path.join(tmpdir(), "none.json"))).toThrow(/no OpenNext manifest/);
  });
});
