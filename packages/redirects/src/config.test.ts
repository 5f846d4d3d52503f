/**
 * The lookup's settings: each read from its variable, with its default. The README's table of them
 * is made from config.ts (readme-tables.ts): this fails while the README's copy is out of date.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOOKUP_DEFAULTS, lookupSettings } from "./config";
import { withGeneratedBlocks } from "./readme-tables";

describe("the README", () => {
  it("has the tables config.ts makes (`pnpm docs` writes them)", async () => {
    const readme = await readFile(path.resolve(import.meta.dirname, "../../../README.md"), "utf8");
    expect(withGeneratedBlocks(readme) === readme, "README.md's generated tables are out of date: run `pnpm docs`").toBe(true);
  });
});

describe("lookupSettings", () => {
  it("reads each setting from its variable, and keeps the default for a value that is not a positive number", () => {
    expect(lookupSettings({})).toEqual(LOOKUP_DEFAULTS);
    expect(
      lookupSettings({
        REDIRECTS_CACHE_TTL_MS: "300",
        REDIRECTS_LOOKUP_BUDGET_MS: "2000",
        REDIRECTS_COLD_LOOKUP_BUDGET_MS: "abc",
        REDIRECTS_CIRCUIT_FAILURES: "-1",
        REDIRECTS_CIRCUIT_COOLDOWN_MS: "500",
        REDIRECTS_DISABLED: "1",
      }),
    ).toEqual({ ttlMs: 300, budgetMs: 2000, coldBudgetMs: 1000, failureThreshold: 5, cooldownMs: 500, disabled: true });
  });
});
