/**
 * The bare Next.js reference the figures are compared with: one page with one heading, built and
 * served by the same Next version as the site. The app is written here at run time.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root, waitFor, web } from "./lib.mjs";

export const referenceDir = path.join(root, "bench/.reference-app");

export function buildReference() {
  rmSync(referenceDir, { recursive: true, force: true });
  mkdirSync(path.join(referenceDir, "app"), { recursive: true });
  symlinkSync(path.join(web, "node_modules"), path.join(referenceDir, "node_modules"));
  writeFileSync(path.join(referenceDir, "package.json"), JSON.stringify({ name: "bare-next-reference", private: true, type: "module" }));
  writeFileSync(path.join(referenceDir, "next.config.mjs"), `export default { turbopack: { root: ${JSON.stringify(root)} }, outputFileTracingRoot: ${JSON.stringify(root)} };\n`);
  writeFileSync(path.join(referenceDir, "tsconfig.json"), JSON.stringify({ compilerOptions: { jsx: "preserve", strict: true, module: "esnext", moduleResolution: "bundler", lib: ["dom", "esnext"], skipLibCheck: true, noEmit: true, allowJs: true }, include: ["**/*.tsx"] }));
  writeFileSync(path.join(referenceDir, "app/layout.tsx"), 'export default function Layout({ children }: { children: React.ReactNode }) {\n  return (<html lang="en"><head><title>Reference</title><meta name="description" content="A bare Next.js page" /></head><body>{children}</body></html>);\n}\n');
  writeFileSync(path.join(referenceDir, "app/page.tsx"), "export default function Page() {\n  return <h1>Hello</h1>;\n}\n");
  const started = performance.now();
  execFileSync(path.join(web, "node_modules/.bin/next"), ["build"], { cwd: referenceDir, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return { buildMs: performance.now() - started, exists: existsSync(path.join(referenceDir, ".next")) };
}

export async function startReference(port) {
  const child = spawn(path.join(web, "node_modules/.bin/next"), ["start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: referenceDir,
    stdio: "ignore",
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
  };
  try {
    await waitFor(`${url}/`);
  } catch (error) {
    await stop();
    throw new Error(`the bare Next.js reference did not start: ${error.message}`);
  }
  return { url, stop };
}
