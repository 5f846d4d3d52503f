/** Links between pages: each must reach a page the build has (checked against the route registry). */
import { buildRegistry, type ContentForRegistry } from "../../routes/registry";
import type { ContentReader } from "./reader";

/** The files a page's path may come from: `/blog/x` → content/blog/x.md, `/services/seattle` → its index.md… */
function sourcesOf(reader: ContentReader, target: string): string[] {
  const parts = target.split("/").filter(Boolean);
  const md = (...segments: string[]) => reader.display(reader.path(...segments));
  if (parts.length === 0) return [md("pages", "index.md")];
  if (parts[0] === "blog" && parts.length === 2) return [md("blog", `${parts[1]}.md`)];
  if (parts[0] === "services" && parts.length === 2) return [md("services", `${parts[1]}.md`), md("services", parts[1] ?? "", "index.md")];
  if (parts[0] === "services" && parts.length === 3) return [md("services", parts[1] ?? "", `${parts[2]}.md`)];
  return parts.length === 1 ? [md("pages", `${parts[0]}.md`)] : [];
}

/**
 * A city page copied from another city's keeps links to that city's own pages, renamed with the
 * rest (`/services/kirklandCouplesTherapy` in a copy of Renton's): say which page it was.
 */
function copiedLinkHint(file: string, target: string, known: ReadonlySet<string>): string {
  const city = /^content\/services\/([^/]+)\//.exec(file)?.[1]?.replace(/-/g, "");
  const named = city && new RegExp(city, "i");
  if (!named || !named.test(target)) return "";
  const cities = [...known].filter((path) => /^\/services\/[^/]+$/.test(path) && [...known].some((page) => page.startsWith(`${path}/`)));
  const theirs = cities
    .map((path) => path.split("/")[2]!.replace(/-/g, ""))
    .filter((other) => other !== city)
    .map((other) => target.replace(named, (word) => (word[0] === word[0]!.toUpperCase() ? other[0]!.toUpperCase() + other.slice(1) : other)))
    .filter((candidate) => known.has(candidate));
  return theirs.length > 0 ? ` (a copy of another city's link? ${theirs.join(", ")} ${theirs.length === 1 ? "is" : "are"} that kind of page for ${theirs.length === 1 ? "another city" : "other cities"}: link to a page for this city, or to none)` : "";
}

/**
 * Checked against the pages that compiled. A link to a page whose own file did not read is left
 * alone: that file's problem is already reported, and the link is right once it is fixed.
 */
export function checkInternalLinks(reader: ContentReader, content: ContentForRegistry): void {
  const known = new Set(buildRegistry(content).map((entry) => entry.path));
  for (const { file, links } of reader.links) {
    for (const link of links) {
      const target = link.split(/[?#]/)[0] || "/";
      if (known.has(target) || sourcesOf(reader, target).some((source) => reader.unread.has(source))) continue;
      reader.problems.add(file, `links to ${link}, which is not a page of the site${copiedLinkHint(file, target, known)}`);
    }
  }
}
