/** Links between pages: each must reach a page the build has (checked against the route registry). */
import { buildRegistry, type ContentForRegistry } from "../../routes/registry";
import type { ContentReader } from "./reader";

/** Checked against the pages that compiled, so one broken file can also flag links to it. */
export function checkInternalLinks(reader: ContentReader, content: ContentForRegistry): void {
  const known = new Set(buildRegistry(content).map((entry) => entry.path));
  for (const { file, links } of reader.links) {
    for (const link of links) {
      const target = link.split(/[?#]/)[0] || "/";
      if (!known.has(target)) reader.problems.add(file, `links to ${link}, which is not a page of the site`);
    }
  }
}
