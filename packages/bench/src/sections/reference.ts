/**
 * The bare Next.js reference the figures are compared with: one page with one heading, built and
 * served by the same Next version as the site. The app is written at run time, in a scratch folder.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root, scratch, web } from "../lib/paths";
import { killGroup, waitFor } from "../lib/site";

const referenceDir = scratch.referenceApp;
const next = path.join(web, "node_modules/.bin/next");

/** Writes and builds the reference app; returns how long `next build` took. */
export function buildReference(): { buildMs: number } {
  rmSync(referenceDir, { recursive: true, force: true });
  mkdirSync(path.join(referenceDir, "app"), { recursive: true });
  symlinkSync(path.join(web, "node_modules"), path.join(referenceDir, "node_modules"));
  writeFileSync(path.join(referenceDir, "package.json"), JSON.stringify({ name: "bare-next-reference", private: true, type: "module" }));
  writeFileSync(path.join(referenceDir, "next.config.mjs"), `export default { turbopack: { root: ${JSON.stringify(root)} }, outputFileTracingRoot: ${JSON.stringify(root)} };\n`);
  writeFileSync(
    path.join(referenceDir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { jsx: "preserve", strict: true, module: "esnext", moduleResolution: "bundler", lib: ["dom", "esnext"], skipLibCheck: true, noEmit: true, allowJs: true }, include: ["**/*.tsx"] }),
  );
  writeFileSync(
    path.join(referenceDir, "app/layout.tsx"),
    'export default function Layout({ children }: { children: React.ReactNode }) {\n  return (<html lang="en"><head><title>Reference</title><meta name="description" content="A bare Next.js page" /></head><body>{children}</body></html>);\n}\n',
  );
  writeFileSync(path.join(referenceDir, "app/page.tsx"), "export default function Page() {\n  return <h1>Hello</h1>;\n}\n");
  const started = performance.now();
  execFileSync(next, ["build"], { cwd: referenceDir, stdio: "ignore", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return { buildMs: performance.now() - started };
}

export interface Reference {
  url: string;
  stop: () => Promise<void>;
}

/** `next start` of the built reference app on `port`. */
export async function startReference(port: number): Promise<Reference> {
  const child = spawn(next, ["start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: referenceDir,
    stdio: "ignore",
    detached: true,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => killGroup(child.pid);
  try {
    await waitFor(`${url}/`);
  } catch (error) {
    await stop();
    throw new Error(`the bare Next.js reference did not start: ${(error as Error).message}`);
  }
  return { url, stop };
}
