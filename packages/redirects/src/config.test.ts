/**
 * The README states the lookup's settings: each figure it gives (written here by hand, as the README
 * says it) must be the one config.ts holds. Change a setting, and this names the sentence to change.
 */
import { describe, expect, it } from "vitest";
import { LOOKUP_DEFAULTS, LOOKUP_VARIABLES, lookupSettings, REDIRECT_CACHE_SECONDS } from "./config";
import { readme } from "./testing/readme";

const MINUTE = 60_000;

/** A phrase of the README, the value config.ts holds for it, and the value the phrase states. */
const STATED: [phrase: string, holds: number, states: number][] = [
  ["a warm server asks the table at most once per path every 5 minutes", LOOKUP_DEFAULTS.ttlMs, 5 * MINUTE],
  ["a lookup waits at most 150 ms", LOOKUP_DEFAULTS.budgetMs, 150],
  ["(1 s until the process's first read has finished", LOOKUP_DEFAULTS.coldBudgetMs, 1000],
  ["after 5 failed reads in a row", LOOKUP_DEFAULTS.failureThreshold, 5],
  ["the site stops asking for 30 seconds", LOOKUP_DEFAULTS.cooldownMs, 30_000],
  ["(`REDIRECTS_CACHE_TTL_MS`, 5 minutes)", LOOKUP_DEFAULTS.ttlMs, 5 * MINUTE],
  ["up to 5 minutes (each server's lookup cache)", LOOKUP_DEFAULTS.ttlMs, 5 * MINUTE],
  ["up to 10 minutes (5 in CloudFront, `s-maxage=300`, then 5 in the lookup cache)", REDIRECT_CACHE_SECONDS * 1000 + LOOKUP_DEFAULTS.ttlMs, 10 * MINUTE],
  ["(5 in CloudFront, `s-maxage=300`", REDIRECT_CACHE_SECONDS, 300],
  ["may keep it for 5 more minutes (`max-age=300`)", REDIRECT_CACHE_SECONDS, 300],
];

describe("the README", () => {
  it.each(STATED)("says %j, as config.ts holds", async (phrase, holds, states) => {
    expect(await readme()).toContain(phrase);
    expect(holds).toBe(states);
  });

  it("names each variable the lookup's settings read", async () => {
    const text = await readme();
    for (const name of Object.values(LOOKUP_VARIABLES)) expect(text).toMatch(new RegExp(`\`${name}[\`=]`)); // `NAME` or `NAME=1`
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
