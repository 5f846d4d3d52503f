/**
 * The description the owner wrote for a page, read straight from its markdown file (not from the
 * app's compiled content), so the description a crawler is shown is checked against its source.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CITIES, SITE } from "./site";

const contentDir = path.resolve(import.meta.dirname, "../content");

/** The markdown file behind a path: content/pages, content/services (a city's page is its folder's index.md) or content/blog. */
function fileFor(urlPath: string): string {
  const [first = "", ...rest] = urlPath.split("/").filter(Boolean);
  if (first === "services" && rest.length > 0) {
    const asFile = path.join(contentDir, "services", `${rest.join("/")}.md`);
    try {
      readFileSync(asFile);
      return asFile;
    } catch {
      return path.join(contentDir, "services", rest.join("/"), "index.md");
    }
  }
  if (first === "blog" && rest.length > 0) return path.join(contentDir, "blog", `${rest.join("/")}.md`);
  return path.join(contentDir, "pages", `${first || "index"}.md`);
}

/** One single-line field of a file's front matter; {{siteName}} and {{cities}} are the only tokens descriptions use. */
export function frontMatterField(urlPath: string, field: string): string {
  const file = fileFor(urlPath);
  const head = /^---\n([\s\S]*?)\n---/.exec(readFileSync(file, "utf8"))?.[1];
  const raw = head && new RegExp(`^${field}: (.+)$`, "m").exec(head)?.[1];
  if (!raw) throw new Error(`${file}: no single-line "${field}" in its front matter`);
  const value = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
  const expanded = value.replaceAll("{{siteName}}", SITE.name).replaceAll("{{cities}}", CITIES);
  if (expanded.includes("{{")) throw new Error(`${file}: "${field}" uses a token this test does not know: ${expanded}`);
  return expanded;
}
