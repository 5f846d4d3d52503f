/**
 * The README's tables of the redirect lookup's settings and of how long an owner's edit takes to
 * reach visitors, made from config.ts, so that each default is written once: `pnpm docs` writes
 * them into README.md between their markers, and config.test.ts fails while the README's differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { duration } from "./commands/live";
import { LOCAL_PORT, LOOKUP_DEFAULTS, LOOKUP_VARIABLES, REDIRECT_CACHE_SECONDS } from "./config";

/** What each setting does, in the README's words, in the order the table lists them. */
const SETTINGS: [what: string, variable: string, value: string][] = [
  ["How long a server keeps an answer (a redirect, or none) before asking the table again", LOOKUP_VARIABLES.ttlMs, duration(LOOKUP_DEFAULTS.ttlMs)],
  ["The longest a lookup waits for the table before serving the page without its redirect", LOOKUP_VARIABLES.budgetMs, duration(LOOKUP_DEFAULTS.budgetMs)],
  ["The same, until the process's first read has finished (a cold start sets up the connection)", LOOKUP_VARIABLES.coldBudgetMs, duration(LOOKUP_DEFAULTS.coldBudgetMs)],
  ["Failed reads in a row after which the site stops asking the table", LOOKUP_VARIABLES.failureThreshold, String(LOOKUP_DEFAULTS.failureThreshold)],
  ["How long it then stops asking (then one read tries again)", LOOKUP_VARIABLES.cooldownMs, duration(LOOKUP_DEFAULTS.cooldownMs)],
  ["No redirects at all, on purpose (`pnpm start` then opens no store)", `${LOOKUP_VARIABLES.disabled}=1`, LOOKUP_DEFAULTS.disabled ? "on" : "off"],
  ["How long CloudFront and browsers may keep a redirect the site answers (its `Cache-Control`)", "(fixed)", duration(REDIRECT_CACHE_SECONDS * 1000)],
  ["The local store's port (`pnpm start`, `pnpm dev`, `pnpm redirects`)", "REDIRECTS_STORE_PORT", String(LOCAL_PORT)],
];

export function settingsTable(): string {
  return ["| | variable | default |", "| --- | --- | --- |", ...SETTINGS.map(([what, variable, value]) => `| ${what} | ${variable.startsWith("(") ? variable : `\`${variable}\``} | ${value} |`)].join("\n");
}

export function editDelayTable(): string {
  const lookupCache = duration(LOOKUP_DEFAULTS.ttlMs);
  const cdn = duration(REDIRECT_CACHE_SECONDS * 1000);
  return [
    "| The path was... | with the invalidation | with `--no-invalidate` |",
    "| --- | --- | --- |",
    "| a legacy path nobody has asked for yet (nothing cached) | at once | at once |",
    `| a legacy path that 404ed recently (404s are not cached by CloudFront) | up to ${lookupCache} (each server's lookup cache) | the same |`,
    `| a page of the site, now redirected (\`--force\`) | up to ${lookupCache} | up to a year (CloudFront keeps prerendered pages) |`,
    `| an existing redirect, changed or removed | up to ${lookupCache} | up to ${duration(REDIRECT_CACHE_SECONDS * 1000 + LOOKUP_DEFAULTS.ttlMs)} (${cdn} in CloudFront, \`s-maxage=${REDIRECT_CACHE_SECONDS}\`, then ${lookupCache} in the lookup cache) |`,
    "",
    `A browser that already followed a redirect may keep it for ${cdn} more (\`max-age=${REDIRECT_CACHE_SECONDS}\`); a`,
    "private window or another browser shows the change sooner.",
  ].join("\n");
}

/** The generated blocks, each between `<!-- generated: NAME (pnpm docs) -->` and `<!-- end of NAME -->`. */
const BLOCKS: Record<string, () => string> = { "redirect settings": settingsTable, "edit delays": editDelayTable };

/** `readme` with every generated block as the code now makes it; throws if a block's markers are missing. */
export function withGeneratedBlocks(readme: string): string {
  let text = readme;
  for (const [name, make] of Object.entries(BLOCKS)) {
    const start = `<!-- generated: ${name} (pnpm docs) -->`;
    const end = `<!-- end of ${name} -->`;
    const from = text.indexOf(start);
    const to = text.indexOf(end, from);
    if (from === -1 || to === -1) throw new Error(`README.md has no "${start}" … "${end}" block`);
    text = `${text.slice(0, from + start.length)}\n${make()}\n${text.slice(to)}`;
  }
  return text;
}

// `pnpm docs`: writes the blocks into README.md; `pnpm docs --check` only says whether they are up to date.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = path.resolve(import.meta.dirname, "../../../README.md");
  const readme = readFileSync(file, "utf8");
  const generated = withGeneratedBlocks(readme);
  if (generated === readme) console.log("README.md: the generated tables are up to date");
  else if (process.argv.includes("--check")) {
    console.error("README.md: the generated tables differ from config.ts: run `pnpm docs`");
    process.exit(1);
  } else {
    writeFileSync(file, generated);
    console.log("README.md: the generated tables written");
  }
}
