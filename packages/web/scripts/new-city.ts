/**
 * `pnpm new-city <Name> --from <city>`: a new city made from one the site already has, the way an
 * owner would copy a page in WordPress, but complete: its `locations` entry in site.config.ts (after
 * the city copied from) and its folder content/services/<slug>/, every page with the new name in
 * place of the old one. A link that would now reach a page that does not exist (Renton's
 * `/services/rentonCouplesTherapy` read as Kirkland's) becomes plain text, and is named. What the
 * copy still says of the old city (its neighborhoods, landmarks, travel notes) the next `pnpm content`
 * names line by line (lib/content-compiler/checks/copied-cities.ts): the command copies, the owner
 * writes. CONTENT_DIR: another content folder (tests).
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "gig-harbor" → "gigHarbor" / "GigHarbor": a slug as the service pages' addresses write it. */
const camel = (slug: string) => slug.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
const pascal = (slug: string) => camel(slug).replace(/^\w/, (letter) => letter.toUpperCase());

/** "Gig Harbor" → "gig-harbor": the city's address, /services/gig-harbor. */
export const citySlug = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

export interface NewCity {
  name: string;
  slug: string;
}

/** The entry `{ slug: "renton", … }` of `locations` in the config's text: where it starts and ends, and its name. */
function locationEntry(config: string, slug: string): { start: number; end: number; name: string } {
  const at = config.search(new RegExp(`\\bslug:\\s*"${escape(slug)}"`));
  if (at === -1) throw new Error(`content/site.config.ts has no city "${slug}" in locations`);
  const start = config.lastIndexOf("{", at);
  let depth = 0;
  for (let index = start; index < config.length; index++) {
    const char = config[index];
    if (char === "{") depth++;
    else if (char === "}" && --depth === 0) {
      const entry = config.slice(start, index + 1);
      const name = /\bname:\s*"([^"]+)"/.exec(entry)?.[1];
      if (!name) throw new Error(`content/site.config.ts: the city "${slug}" in locations has no name: field`);
      return { start, end: index + 1, name };
    }
    // Strings may hold braces ("{{office}}"): skip them whole.
    if (char === '"') index = config.indexOf('"', index + 1);
  }
  throw new Error(`content/site.config.ts: the city "${slug}" in locations does not end: is a } missing?`);
}

/** The config's text with a city added after `from`: its facts, with the new slug and name (the notes are the owner's to rewrite). */
export function addCityToConfig(config: string, from: string, city: NewCity): { config: string; fromName: string } {
  if (new RegExp(`\\bslug:\\s*"${escape(city.slug)}"`).test(config)) throw new Error(`content/site.config.ts already has a city "${city.slug}" in locations`);
  const { start, end, name: fromName } = locationEntry(config, from);
  const entry = config
    .slice(start, end)
    .replace(new RegExp(`\\bslug:\\s*"${escape(from)}"`), `slug: "${city.slug}"`)
    .replace(/\bname:\s*"[^"]+"/, `name: ${JSON.stringify(city.name)}`)
    // The office is in one city: a copy of its entry is a city without it.
    .replace(/\bhasOffice:\s*true\b/, "hasOffice: false");
  const indent = /[ \t]*$/.exec(config.slice(0, start))![0];
  return { config: `${config.slice(0, end)},\n${indent}${entry}${config.slice(end)}`, fromName };
}

export interface CopiedPage {
  file: string;
  text: string;
  /** Links that now name a page that does not exist, turned into their text: [line, old target]. */
  unlinked: [number, string][];
}

/**
 * One page of the old city rewritten for the new: its name in place of the old one, its own
 * addresses (/services/renton/…) moved, and any other link to the old city's own pages
 * (/services/rentonCouplesTherapy) kept only if the new city has that page (`exists`).
 */
export function copyPage(text: string, from: { slug: string; name: string }, city: NewCity, exists: (target: string) => boolean): Omit<CopiedPage, "file"> {
  const unlinked: [number, string][] = [];
  const lines = text.split("\n").map((line, index) =>
    line.replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (link, label: string, target: string) => {
      const own = new RegExp(`^/services/${escape(from.slug)}(?=[/?#]|$)`);
      if (own.test(target)) return `[${label}](${target.replace(own, `/services/${city.slug}`)})`;
      // Another page about the old city (its name in the address, /services/rentonCouplesTherapy): the
      // new city's page of the kind if it has one, or no link (its text would now name the new city).
      const named = new RegExp(escape(from.slug.replace(/-/g, "")), "i");
      if (target.startsWith("/services/") && named.test(target)) {
        const renamed = target.replace(named, (old) => (old[0] === old[0]!.toUpperCase() ? pascal(city.slug) : camel(city.slug)));
        if (exists(renamed)) return `[${label}](${renamed})`;
        unlinked.push([index + 1, target]);
        return label;
      }
      return link;
    }),
  );
  const renamed = lines.join("\n").replace(new RegExp(`\\b${escape(from.name)}\\b`, "g"), city.name);
  return { text: renamed, unlinked };
}

/** Makes the city: the config entry and the folder. Returns what was written, for the owner. */
export async function newCity(contentDir: string, name: string, from: string): Promise<{ city: NewCity; fromName: string; pages: CopiedPage[] }> {
  const city = { name: name.trim(), slug: citySlug(name) };
  if (!city.slug) throw new Error(`"${name}" has no letters or digits to make an address of`);
  const servicesDir = path.join(contentDir, "services");
  const fromDir = path.join(servicesDir, from);
  const cityDir = path.join(servicesDir, city.slug);
  if (existsSync(cityDir)) throw new Error(`content/services/${city.slug} already exists`);
  if (!existsSync(fromDir)) throw new Error(`content/services/${from} does not exist: --from names a city the site has, by its address (seattle, not Seattle)`);
  const configFile = path.join(contentDir, "site.config.ts");
  const { config, fromName } = addCityToConfig(await readFile(configFile, "utf8"), from, city);

  // A page under /services/ the new city would link to: a service page, or a city's page (the new city's are being made).
  const exists = (target: string) => {
    const parts = target.split(/[?#]/)[0]!.split("/").filter(Boolean).slice(1);
    if (parts[0] === city.slug) return true;
    return [path.join(servicesDir, ...parts) + ".md", path.join(servicesDir, ...parts, "index.md")].some((file) => existsSync(file));
  };
  const pages: CopiedPage[] = [];
  for (const file of (await readdir(fromDir)).filter((each) => each.endsWith(".md")).sort()) {
    const copied = copyPage(await readFile(path.join(fromDir, file), "utf8"), { slug: from, name: fromName }, city, exists);
    pages.push({ file: `content/services/${city.slug}/${file}`, ...copied });
  }
  await mkdir(cityDir);
  for (const page of pages) await writeFile(path.join(cityDir, path.basename(page.file)), page.text);
  await writeFile(configFile, config);
  return { city, fromName, pages };
}

/** The command line: `new-city <Name> --from <city>`. */
async function main(args: string[]): Promise<void> {
  const fromAt = args.indexOf("--from");
  const from = fromAt === -1 ? undefined : args[fromAt + 1];
  const name = args.filter((_, index) => index !== fromAt && index !== fromAt + 1).join(" ");
  if (!name || !from) throw new Error('usage: pnpm new-city <Name> --from <city>, e.g. pnpm new-city "Gig Harbor" --from tacoma');
  const contentDir = path.resolve(process.env.CONTENT_DIR ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../../../content"));
  const { city, fromName, pages } = await newCity(contentDir, name, from);
  console.log(`${city.name} is a city of the site, made from ${fromName}:`);
  console.log(`  content/site.config.ts: locations has ${city.slug}, with ${fromName}'s neighborhoods, travel note and parking note: write ${city.name}'s own`);
  for (const page of pages) {
    console.log(`  ${page.file}: ${fromName}'s page, with ${city.name} in place of ${fromName}`);
    for (const [line, target] of page.unlinked) console.log(`    line ${line}: the link to ${target} (a page about ${fromName}) is now plain text`);
  }
  console.log(`Next: \`pnpm content\` (or \`pnpm dev\`) names each line that still describes ${fromName}; write the pages for ${city.name}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
