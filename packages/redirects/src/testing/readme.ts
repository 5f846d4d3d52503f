import { readFile } from "node:fs/promises";
import path from "node:path";

/** The repository's README, its line breaks and runs of spaces as single spaces (phrases wrap anywhere). */
export async function readme(): Promise<string> {
  return (await readFile(path.resolve(import.meta.dirname, "../../../../README.md"), "utf8")).replace(/\s+/g, " ");
}
