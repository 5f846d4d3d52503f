/**
 * A crisis number a reader cannot tap: "call 988 or text 988" typed as plain text. Every page turns
 * off the phone's own number detection (so the practice's address and fees are never dialled), so
 * only a link dials. Wherever the text names 988, its paragraph (or list item, or heading) must
 * carry the links to call and to text it, `[call 988](tel:988) or [text 988](sms:988)`, and wherever
 * it names 911, the link to call it, `[call 911](tel:911)`: the rule the browser tests hold every
 * page to (e2e/crisis-line.spec.ts), told to the owner at build time, by file and line.
 */
import type { ContentCheck } from ".";

/** What each number needs beside it, as markdown or HTML writes the link. */
const NEEDS: Record<string, { scheme: string; link: string }[]> = {
  "988": [
    { scheme: "tel:988", link: "[call 988](tel:988)" },
    { scheme: "sms:988", link: "[text 988](sms:988)" },
  ],
  "911": [{ scheme: "tel:911", link: "[call 911](tel:911)" }],
};

/** The text of a link, `[…](…)` or `<a …>…</a>`, is already a link: only the words around it count. */
const LINKS = /\[[^\]]*\]\([^)]*\)|<a\b[^>]*>[\s\S]*?<\/a>/gi;

const linksTo = (block: string, scheme: string) => block.includes(`](${scheme})`) || new RegExp(`href=["']${scheme}["']`, "i").test(block);

export interface UnlinkedCrisisNumber {
  /** 1-based, in the file as written (front matter included): the block's first line. */
  line: number;
  number: string;
  /** The links the block lacks, as the owner would write them. */
  missing: string[];
}

/**
 * Every block (paragraph, list item, heading) of a markdown file's body that names 988 or 911 outside
 * a link and lacks a link to reach it. Front matter is left out: a description cannot hold a link.
 */
export function unlinkedCrisisNumbers(source: string): UnlinkedCrisisNumber[] {
  const lines = source.split("\n");
  let first = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
    first = end === -1 ? lines.length : end + 1;
  }
  const found: UnlinkedCrisisNumber[] = [];
  let block: { line: number; text: string } | undefined;
  const close = () => {
    if (!block) return;
    const words = block.text.replace(LINKS, " ");
    for (const [number, needs] of Object.entries(NEEDS)) {
      if (!new RegExp(`\\b${number}\\b`).test(words)) continue;
      const missing = needs.filter(({ scheme }) => !linksTo(block!.text, scheme)).map(({ link }) => link);
      if (missing.length > 0) found.push({ line: block.line, number, missing });
    }
    block = undefined;
  };
  for (let index = first; index < lines.length; index++) {
    const text = lines[index]!;
    // A blank line ends a paragraph; a heading or a list item is a block of its own.
    if (text.trim() === "" || /^\s*(?:#{1,6}\s|[-*+]\s|\d+[.)]\s)/.test(text)) close();
    if (text.trim() === "") continue;
    if (block) block.text += `\n${text}`;
    else block = { line: index + 1, text };
    if (/^\s*#{1,6}\s/.test(text)) close();
  }
  close();
  return found;
}

export const crisisLinks: ContentCheck = async (_content, { markdown, warn }) => {
  for (const { file, source } of await markdown()) {
    for (const { line, number, missing } of unlinkedCrisisNumbers(source)) {
      warn(file, `line ${line}: names ${number} without a link to reach it in one tap (phones do not dial numbers in the text): write ${missing.join(" and ")}`);
    }
  }
};
