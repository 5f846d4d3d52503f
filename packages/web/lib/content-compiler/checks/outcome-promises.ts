/**
 * Copy that promises a result: "I promise you will feel better within a few sessions", "guaranteed
 * results", "this intensive will save your marriage". Therapy cannot promise an outcome, a
 * promised result is misleading advertising under Washington's rules for licensed professions
 * (RCW 18.130.180) and the professional codes, and a reader in a hard place may take it at its word.
 * Saying what you do and what often helps is fine; so is saying you cannot promise ("not a
 * guarantee", "I can't promise"). The build warns, naming the file and line.
 */
import type { ContentCheck } from ".";

const PROMISES: RegExp[] = [
  // "I promise", "we guarantee", "I'll promise"
  /\b(?:I|we)(?:'ll| will)?\s+(?:promise|guarantee)\b/gi,
  // "guaranteed results", "a guaranteed outcome", "guaranteed to work"
  /\bguaranteed?\s+(?:results?|outcomes?|success|improvement|recovery|to\s+(?:work|help|succeed|save|fix|heal|cure))\b/gi,
  // "you will feel better", "you'll be happier", "you will stop fighting"
  /\byou(?:'ll| will)\s+(?:feel better|feel like yourselves? again|be happier|be happy again|stop fighting|fall in love again|be cured|be healed|heal)\b/gi,
  // "will save your marriage", "is sure to fix your relationship"
  /\b(?:will|is sure to|are sure to)\s+(?:save|fix|cure|heal|repair)\s+(?:your|the)\s+(?:marriage|relationship|anxiety|depression|family)\b/gi,
  // "100% success", "a 95% success rate"
  /\b\d{2,3}\s?%\s+(?:success|recovery|of (?:my |our )?(?:clients|couples) (?:recover|succeed|stay together))\b/gi,
];

/** Words just before a promise that take it back: "I can't promise", "we do not guarantee", "never guaranteed". */
const NEGATED = /\b(?:not|no|never|cannot|can't|can’t|don't|don’t|won't|won’t)\s+(?:\w+\s+)?$/i;

/** Every phrase of `text` (one line) that promises an outcome, in reading order, each part of the text once. */
export function outcomePromises(text: string): string[] {
  const matches = PROMISES.flatMap((pattern) => [...text.matchAll(pattern)])
    .filter((match) => !NEGATED.test(text.slice(Math.max(0, match.index - 30), match.index)))
    .sort((a, b) => a.index - b.index);
  const found: string[] = [];
  let end = 0;
  for (const match of matches) {
    if (match.index < end) continue; // "We guarantee results": one promise, not two
    found.push(match[0]);
    end = match.index + match[0].length;
  }
  return found;
}

export const outcomeClaims: ContentCheck = async (_content, { markdown, warn }) => {
  for (const { file, source } of await markdown()) {
    for (const [index, text] of source.split("\n").entries()) {
      for (const phrase of outcomePromises(text)) {
        warn(file, `line ${index + 1}: "${phrase}" promises an outcome: therapy cannot guarantee one, and a promised result is misleading advertising for a licensed therapist; say what you do and what often helps instead`);
      }
    }
  }
};
