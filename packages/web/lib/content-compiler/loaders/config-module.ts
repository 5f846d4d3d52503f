/**
 * Runs content/site.config.ts and returns what it exports, or says, by line, what stops it: the
 * owner edits it as text, so a message names the line to change and what to write there.
 *
 * esbuild turns it (and what it imports) into one script, run afresh on every compile: `pnpm dev`
 * compiles again in one process on every save, and Node's module cache would otherwise keep the
 * first version (a content folder outside a package of type "module" is loaded as CommonJS, which
 * a `?v=` query does not reload).
 */
import { createRequire } from "node:module";
import { runInThisContext } from "node:vm";
import { build, type Message } from "esbuild";

export class ConfigModuleError extends Error {}

export async function importConfigModule(file: string, source: string): Promise<unknown> {
  let code: string;
  try {
    const result = await build({ entryPoints: [file], bundle: true, format: "cjs", platform: "node", write: false, logLevel: "silent" });
    code = result.outputFiles[0]?.text ?? "";
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    throw new ConfigModuleError(first ? explainSyntaxError(first, source) : (error as Error).message);
  }
  try {
    const compiled = { exports: {} as { default?: unknown } };
    const run = runInThisContext(`(function (module, exports, require) {${code}\n})`, { filename: file }) as (...args: unknown[]) => void;
    run(compiled, compiled.exports, createRequire(file));
    return compiled.exports.default;
  } catch (error) {
    throw new ConfigModuleError(explainRunError(error as Error, source));
  }
}

/** `line 62: … write phone: "…",` for a mistake esbuild found while reading the file. */
function explainSyntaxError({ text, location }: Message, source: string): string {
  if (!location) return text;
  const lines = source.split("\n");
  const dollar = dollarAmount(location.lineText) ?? dollarAmount(lines[location.line - 2] ?? "");
  if (dollar) return dollar.message(dollar.line === location.lineText ? location.line : location.line - 1);
  // `Expected "}" but found "email"`: the field before it did not end with a comma.
  if (/^Expected "[,}\]]" but found/.test(text)) {
    for (let index = location.line - 2; index >= 0; index--) {
      const line = (lines[index] ?? "").replace(/\/\/.*$/, "").trimEnd();
      if (!line.trim()) continue;
      if (/[,{[(]$/.test(line)) break;
      return `line ${index + 1}: a comma is missing at the end of this line: write ${line.trim()},`;
    }
  }
  return `line ${location.line}: ${text} (${location.lineText.trim()})`;
}

/** What a mistake that only shows when the file runs (`amount: $225`, `name: Kirkland`) means. */
function explainRunError(error: Error, source: string): string {
  const name = /^(.+) is not defined$/.exec(error.message)?.[1];
  if (!(error instanceof ReferenceError) || !name) return `could not be loaded: ${error.message}`;
  const lines = source.split("\n");
  const pattern = new RegExp(`(^|[^\\w$"'])${name.replace(/[$]/g, "\\$")}(?![\\w$])`);
  const index = lines.findIndex((line) => pattern.test(line.replace(/\/\/.*$/, "")));
  if (index < 0) return `could not be loaded: ${error.message}`;
  const line = lines[index]!;
  const dollar = dollarAmount(line);
  if (dollar) return dollar.message(index + 1);
  const quoted = line.trim().replace(pattern, (_match, before: string) => `${before}"${name}"`);
  return `line ${index + 1}: ${name} must be in quotes, as text: write ${quoted.replace(/,?$/, ",")}`;
}

/** An amount written with a dollar sign (`amount: $225`, `amount: $1,200`), and how to write it. */
function dollarAmount(line: string): { line: string; message: (lineNumber: number) => string } | undefined {
  const match = /([\w"']+)\s*:\s*(\$\s*\d+(?:,\d{3})*(?:\.\d+)?)/.exec(line);
  if (!match) return undefined;
  const [, key, written] = match;
  return { line, message: (lineNumber) => `line ${lineNumber}: an amount is a plain number: write ${key}: ${written!.replace(/[$,\s]/g, "")}, not ${key}: ${written}` };
}
