/**
 * Run after `open-next build` and slim-lambda.ts (by `pnpm build:lambda`, which SST also runs):
 * minifies the server function's JavaScript in place, file by file, with esbuild, and writes its
 * JSON without whitespace.
 *
 * OpenNext can do this itself (`minify: true` in open-next.config.ts), with terser, one file after
 * another on one core: 110 s of a 164 s build here, on every deploy and every `pnpm test`. esbuild
 * does the same files in under 3 s; the function is 1.5% larger zipped (4.13 MB against 4.07 MB)
 * and starts as fast (`pnpm bench coldstart` run on each build in turn, two rounds).
 *
 * Like OpenNext's step: only `.js` files (an `.mjs` or `.cjs` is left as written), folders named
 * `*.bin` skipped, each file's module format kept (a transform, not a bundle: no file changes what
 * it imports or exports), licence comments kept. A file esbuild cannot read is left as it was and
 * named; a function with no JavaScript at all fails the build.
 */
import { transform } from "esbuild";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface Minified {
  /** JavaScript files minified. */
  files: number;
  /** Their bytes before and after. */
  before: number;
  after: number;
  /** JSON files written without whitespace. */
  json: number;
  /** Files esbuild could not read, left as they were: path (relative to the function) and why. */
  skipped: string[];
}

/**
 * Every file under `dir`, each once (pnpm's layout reaches a package through several links), and
 * only files inside it: a link out of the function (into the workspace) is never followed.
 */
function filesIn(dir: string): string[] {
  const inside = realpathSync(dir) + path.sep;
  const found = new Set<string>();
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      const real = realpathSync(entry);
      if (!real.startsWith(inside)) continue;
      const stat = statSync(real);
      if (stat.isDirectory()) {
        if (!name.endsWith(".bin")) visit(entry);
      } else if (stat.isFile()) found.add(real);
    }
  };
  visit(dir);
  return [...found].sort();
}

export async function minifyServerFunction(fn: string): Promise<Minified> {
  if (!existsSync(fn)) throw new Error(`minify-lambda: no server function at ${fn}: did open-next build run?`);
  const files = filesIn(fn);
  const result: Minified = { files: 0, before: 0, after: 0, json: 0, skipped: [] };
  for (const file of files.filter((name) => name.endsWith(".json"))) {
    const text = readFileSync(file, "utf8");
    try {
      writeFileSync(file, JSON.stringify(JSON.parse(text)));
      result.json++;
    } catch {
      // Not JSON after all (a template, a fixture): left as it was, as OpenNext leaves it.
    }
  }
  const scripts = files.filter((name) => name.endsWith(".js"));
  if (scripts.length === 0) throw new Error(`minify-lambda: no .js files in ${fn}: OpenNext changed its layout; check the server function, then this script`);
  // esbuild works on its own threads: a batch at a time keeps every core busy without holding every file in memory.
  for (let start = 0; start < scripts.length; start += 64) {
    await Promise.all(
      scripts.slice(start, start + 64).map(async (file) => {
        const code = readFileSync(file, "utf8");
        try {
          // node22: the Lambda's runtime (infra/web.ts); infra/test/lambda.test.ts runs the minified function on that Node.
          const { code: minified } = await transform(code, { loader: "js", minify: true, target: "node22", legalComments: "inline", logLevel: "silent" });
          writeFileSync(file, minified);
          result.files++;
          result.before += Buffer.byteLength(code);
          result.after += Buffer.byteLength(minified);
        } catch (error) {
          result.skipped.push(`${path.relative(fn, file)}: ${String((error as Error).message).split("\n")[0]}`);
        }
      }),
    );
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fn = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../.open-next/server-functions/default");
  const started = Date.now();
  minifyServerFunction(fn).then(
    ({ files, before, after, json, skipped }) => {
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
      console.log(`minify-lambda: ${files} JavaScript files of the server function from ${mb(before)} MB to ${mb(after)} MB, ${json} JSON files compacted (${Date.now() - started} ms)`);
      if (skipped.length > 0) console.warn(`minify-lambda: ${skipped.length} file(s) left as they were (esbuild could not read them):\n  ${skipped.join("\n  ")}`);
    },
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
