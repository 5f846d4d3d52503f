/**
 * Front matter is data, never code. gray-matter would hand a file that opens with `---js` to
 * eval() during the build (where deploy credentials live), so only YAML is read, and with YAML's
 * core schema: text, numbers, booleans, null, lists and maps. Tags that build other things
 * (!!binary, !!timestamp, !!js/…) are refused, and a date stays the text the owner typed.
 */
import matter from "gray-matter";
import { parseDocument, type YAMLError } from "yaml";

export class FrontMatterError extends Error {}

/** What may follow the opening `---`: nothing, or the name of YAML itself. */
const YAML_NAMES = new Set(["", "yaml", "yml"]);

/**
 * The owner's message for a YAML error: the file's line, and for the commonest slip, a title such
 * as `Repair After an Argument: Small Moves` (a second colon reads as a field inside a field), what
 * to write instead.
 */
function yamlProblem(text: string, problem: YAMLError): string {
  // gray-matter hands over the text from the end of the opening `---`, so YAML's lines are the file's.
  const line = problem.linePos?.[0]?.line;
  const source = line ? (text.split("\n")[line - 1] ?? "") : "";
  const field = /^([A-Za-z][\w-]*):[ \t]+([^"'[{|>&!*#\s].*?)\s*$/.exec(source);
  if (problem.code === "BLOCK_AS_IMPLICIT_KEY" && field && /:\s/.test(field[2] ?? "")) {
    const [, name, value = ""] = field;
    const quoted = value.includes('"') && !value.includes("'") ? `'${value}'` : JSON.stringify(value);
    return `line ${line}: the ${name} has a colon in it, so it must be in quotes: write ${name}: ${quoted}`;
  }
  const message = (problem.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  return `front matter is not valid YAML: ${message}${line ? ` (line ${line})` : ""}`;
}

function parseYaml(text: string): Record<string, unknown> {
  const doc = parseDocument(text, { schema: "core", merge: false, resolveKnownTags: false, uniqueKeys: true });
  const [problem] = [...doc.errors, ...doc.warnings];
  if (problem) throw new FrontMatterError(yamlProblem(text, problem));
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
