/** `content/pages/<name>.md` → `/<name>` (`index.md` is the home page). */
import path from "node:path";
import { pageFrontMatterSchema } from "../schema";
import type { PageContent } from "../../content/types";
import { type ContentReader, isFile, listMarkdown, stem, toDoc } from "./reader";

/** Pages every build must have: each is a route of the site. */
export const REQUIRED_PAGES = [
  "index",
  "about-me",
  "contact",
  "ratesAndInsurance",
  "policies",
  "privacy-policy",
  "consumer-health-data-privacy-policy",
  "accessibility",
  "FAQPage",
  "blog",
  "sitemap",
  "services",
] as const;

export async function loadPages(reader: ContentReader): Promise<Record<string, PageContent>> {
  const pages: Record<string, PageContent> = {};
  const dir = reader.path("pages");
  for (const name of await listMarkdown(dir)) {
    const source = await reader.markdown(path.join(dir, name), pageFrontMatterSchema);
    if (!source) continue;
    reader.referPicture(source);
    const key = stem(name);
    pages[key] = { key, path: key === "index" ? "/" : `/${key}`, meta: source.data, body: toDoc(source.body) };
  }
  for (const key of REQUIRED_PAGES) {
    const file = path.join(dir, `${key}.md`);
    if (!(await isFile(file))) reader.problems.add(reader.display(file), "is missing (every route of the site needs its page)");
  }
  return pages;
}
