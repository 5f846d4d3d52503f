/**
 * Reading a file the build writes, or an owner's record, that may not exist yet. Its own entry
 * point (`@practice/site-index/files`), with nothing but node:fs: sst.config.ts bundles
 * @practice/redirects' published.ts, which reads through it, and the index's own module would bring
 * zod into that bundle.
 */
import { readFile } from "node:fs/promises";

/** The file's text; undefined when it does not exist, any other failure thrown. */
export async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
