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
 * Checked against the pages that compiled. A link to a page whose own file did not read is left
 * alone: that file's problem is already reported, and the link is right once it is fixed.
 */
export function checkInternalLinks(reader: ContentReader, content: ContentForRegistry): void {
  const known = new Set(buildRegistry(content).map((entry) => entry.path));
  for (const { file, links } of reader.links) {
    for (const link of links) {
      const target = link.split(/[?#]/)[0] || "/";
      if (known.has(target) || sourcesOf(reader, target).some((source) => reader.unread.has(source))) continue;
      reader.problems.add(file, `links to ${link}, which is not a page of the site`);
    }
  }
}
