import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { minifyServerFunction } from "./minify-lambda";

/** Modules written as a package author would, with long names and comments. */
const COMMONJS = `"use strict";
/*! a-licence v1.0 | MIT */
// Adds the tax to a price, rounding to the cent.
function addTaxToThePrice(priceInDollars, taxRateAsFraction) {
  const taxInDollars = priceInDollars * taxRateAsFraction;
  return Math.round((priceInDollars + taxInDollars) * 100) / 100;
}
module.exports = { addTaxToThePrice, greeting: "hello   there" };
`;
const ESM = `import { addTaxToThePrice } from "./tax.cjs";
export const answer = addTaxToThePrice(  200,  0.1  );
export default function describeTheAnswer() { return \`the answer is \${answer}\`; }
`;

function serverFunction(files: Record<string, string>): string {
  const fn = mkdtempSync(path.join(tmpdir(), "minify-lambda-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fn, file)), { recursive: true });
    writeFileSync(path.join(fn, file), text);
  }
  return fn;
}

/** What a fresh Node process gets from the function's modules (never this test's module cache). */
function run(fn: string, script: string): string {
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: fn, encoding: "utf8" }).trim();
}

describe("minifying the server function", () => {
  it("makes its JavaScript smaller and its modules answer as before, CommonJS and ES modules alike", async () => {
    const fn = serverFunction({
      "node_modules/tax/index.js": COMMONJS,
      "node_modules/tax/package.json": `{\n  "name": "tax",\n  "main": "index.js"\n}\n`,
      "app/package.json": `{ "type": "module" }`,
      "app/answer.js": ESM,
      "app/tax.cjs": COMMONJS,
    });
    const probe = `import { createRequire } from "node:module"; const require = createRequire(process.cwd() + "/"); const tax = require("tax"); const app = await import(process.cwd() + "/app/answer.js"); console.log(JSON.stringify([tax.addTaxToThePrice(19.99, 0.101), tax.greeting, app.answer, app.default()]));`;
    const before = run(fn, probe);
    expect(JSON.parse(before)).toEqual([22.01, "hello   there", 220, "the answer is 220"]);

    const result = await minifyServerFunction(fn);

    expect(run(fn, probe)).toBe(before);
    const minified = readFileSync(path.join(fn, "node_modules/tax/index.js"), "utf8");
    expect(minified).not.toContain("taxInDollars"); // local names shortened
    expect(minified).not.toContain("rounding to the cent"); // comments gone
    expect(minified).toContain("a-licence v1.0 | MIT"); // but not the licence
    expect(minified.length).toBeLessThan(COMMONJS.length * 0.7);
    expect(result).toMatchObject({ files: 2, skipped: [] });
    expect(result.after).toBeLessThan(result.before);
    // The .cjs file is left as written, as OpenNext's own step leaves it.
    expect(readFileSync(path.join(fn, "app/tax.cjs"), "utf8")).toBe(COMMONJS);
    expect(readFileSync(path.join(fn, "node_modules/tax/package.json"), "utf8")).toBe(`{"name":"tax","main":"index.js"}`);
  });

  it("minifies a file reached through several links once, and never follows a link out of the function", async () => {
    const outside = serverFunction({ "shared/index.js": COMMONJS });
    const fn = serverFunction({ "node_modules/.pnpm/tax@1/node_modules/tax/index.js": COMMONJS });
    symlinkSync(path.join(fn, "node_modules/.pnpm/tax@1/node_modules/tax"), path.join(fn, "node_modules/tax"));
    symlinkSync(path.join(outside, "shared"), path.join(fn, "node_modules/shared"));

    const result = await minifyServerFunction(fn);

    expect(result.files).toBe(1);
    expect(readFileSync(path.join(outside, "shared/index.js"), "utf8")).toBe(COMMONJS);
  });

  it("leaves a file esbuild cannot read as it was and names it, and skips .bin folders", async () => {
    const broken = "module.exports = function ( {";
    const fn = serverFunction({ "lib/broken.js": broken, "lib/ok.js": COMMONJS, "node_modules/.bin/tool.js": COMMONJS });

    const result = await minifyServerFunction(fn);

    expect(readFileSync(path.join(fn, "lib/broken.js"), "utf8")).toBe(broken);
    expect(result.skipped).toEqual([expect.stringMatching(/^lib\/broken\.js: /)]);
    expect(result.files).toBe(1);
    expect(readFileSync(path.join(fn, "node_modules/.bin/tool.js"), "utf8")).toBe(COMMONJS);
  });

  it("fails, naming the folder, when there is no server function or no JavaScript in it", async () => {
    await expect(minifyServerFunction("/nonexistent/server-functions/default")).rejects.toThrow("no server function at /nonexistent/server-functions/default");
    const empty = serverFunction({ "index.mjs": "export {}", "package.json": "{}" });
    await expect(minifyServerFunction(empty)).rejects.toThrow(`no .js files in ${empty}`);
  });
});
