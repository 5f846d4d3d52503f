/**
 * Before the unit tests: the compiled content (.generated/, `pnpm content`), compiled without
 * media when it is not there yet (a fresh clone running `pnpm test:unit` alone). Some tests read
 * the practice's real pages and routes; the rest mock what they import (vitest.config.ts).
 */
import { generatedDir } from "@practice/site-index";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export default function compileContentIfMissing(): void {
  const web = import.meta.dirname;
  if (existsSync(path.join(generatedDir(), "content-status.json"))) return;
  console.log("unit tests: no compiled content in .generated/, compiling it (pnpm content --no-media)");
  execFileSync(process.execPath, [path.join(web, "../../node_modules/tsx/dist/cli.mjs"), "scripts/content.ts", "--no-media"], { cwd: web, stdio: "inherit" });
}
