/**
 * What the command tests share: a fresh store and scratch directory for each test, the output a
 * command wrote (`out`, `err`), the site it checks against (`site`; undefined: not built here) and
 * where it invalidates (`cdn`). Tests change these between commands.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { type CdnTarget, type Context, runCommand } from "../commands";
import type { SiteIndex } from "../site";
import type { RedirectsTable } from "../table";
import { startTestStore, type TestStore } from "./store";

interface CommandHarness {
  store: TestStore;
  dir: string;
  out: string[];
  err: string[];
  site: SiteIndex | undefined;
  cdn: CdnTarget;
  context(table?: RedirectsTable): Context;
  /** Runs a command against the test's store (or `table`). */
  cli(...args: string[]): Promise<number>;
  /** The sources in the table. */
  froms(table?: RedirectsTable): Promise<string[]>;
  /** Writes rows (JSON, or the file's text) to `name` in the scratch directory and imports it. */
  importFile(rows: unknown, name?: string): Promise<number>;
}

/** The harness, set up before each test of the file and taken down after it. */
export function commandHarness(): CommandHarness {
  const harness: CommandHarness = {
    store: undefined as unknown as TestStore,
    dir: "",
    out: [],
    err: [],
    site: undefined,
    cdn: { kind: "local" },
    // The scratch directory is the content folder: no record of published addresses unless a test writes one.
    context: (table = harness.store.table) => ({ table, io: { out: (text) => harness.out.push(text), err: (text) => harness.err.push(text) }, site: async () => harness.site, cdn: harness.cdn, contentDir: harness.dir }),
    cli: (...args) => runCommand(args, harness.context()),
    froms: async (table = harness.store.table) => (await table.list()).map((row) => row.from),
    async importFile(rows, name = "rows.json") {
      const file = path.join(harness.dir, name);
      await writeFile(file, typeof rows === "string" || Buffer.isBuffer(rows) ? rows : JSON.stringify(rows));
      return harness.cli("import", file);
    },
  };
  beforeEach(async () => {
    harness.store = await startTestStore();
    harness.dir = await mkdtemp(path.join(tmpdir(), "redirects-cli-"));
    harness.out = [];
    harness.err = [];
    harness.site = { paths: new Set(["/", "/about-me", "/contact", "/blog", "/policies", "/ratesAndInsurance"]), pages: [], categories: [] };
    harness.cdn = { kind: "local" };
  });
  afterEach(async () => {
    await harness.store.stop();
    await rm(harness.dir, { recursive: true, force: true });
  });
  return harness;
}
