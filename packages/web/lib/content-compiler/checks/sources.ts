/** The owner's markdown as written (tokens unexpanded), for the checks that read the text itself. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export interface MarkdownSource {
  /** As the owner sees it: `content/blog/x.md`. */
  file: string;
  source: string;
}

/** Every markdown file of the content folder but its READMEs, in path order. */
export async function markdownSources(contentDir: string): Promise<MarkdownSource[]> {
  const names = (await readdir(contentDir, { recursive: true })).filter((name) => name.endsWith(".md") && path.basename(name) !== "README.md").sort();
  return Promise.all(names.map(async (name) => ({ file: `content/${name.split(path.sep).join("/")}`, source: await readFile(path.join(contentDir, name), "utf8") })));
}
