/**
 * Front matter is data, never code. gray-matter would hand a file that opens with `---js` to
 * eval() during the build (where deploy credentials live), so only YAML is read, and with YAML's
 * core schema: text, numbers, booleans, null, lists and maps. Tags that build other things
 * (!!binary, !!timestamp, !!js/…) are refused, and a date stays the text the owner typed.
 */
import matter from "gray-matter";
import { parseDocument } from "yaml";

export class FrontMatterError extends Error {}

/** What may follow the opening `---`: nothing, or the name of YAML itself. */
const YAML_NAMES = new Set(["", "yaml", "yml"]);

function parseYaml(text: string): Record<string, unknown> {
  const doc = parseDocument(text, { schema: "core", merge: false, resolveKnownTags: false, uniqueKeys: true });
  const [problem] = [...doc.errors, ...doc.warnings];
  if (problem) throw new FrontMatterError(`front matter is not valid YAML: ${problem.message.split("\n")[0]}`);
  const data: unknown = doc.toJS();
  if (data === null || data === undefined) return {};
  if (typeof data !== "object" || Array.isArray(data)) throw new FrontMatterError("front matter must be fields written `name: value`");
  return data as Record<string, unknown>;
}

function refuse(): never {
  throw new FrontMatterError("front matter must be YAML");
}

export function readFrontMatter(source: string): { data: Record<string, unknown>; content: string } {
  const text = source.replace(/^\uFEFF/, ""); // gray-matter drops a byte-order mark before it looks
  if (matter.test(text)) {
    const language = matter.language(text).name;
    if (!YAML_NAMES.has(language.toLowerCase())) {
      throw new FrontMatterError(`front matter must be YAML (a first line of just ---), not "---${language}"`);
    }
  }
  // Every engine but YAML replaced, so nothing gray-matter ships can run even if a name slips past.
  const file = matter(text, { language: "yaml", engines: { yaml: parseYaml, javascript: refuse, json: refuse, coffee: refuse } });
  return { data: file.data, content: file.content };
}
