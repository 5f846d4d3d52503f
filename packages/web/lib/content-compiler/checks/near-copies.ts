/**
 * Service and city pages that read almost the same (a city's page copied from another city's, with
 * the name changed): search engines take near-copies for doorway pages, and show only one. Each pair
 * is named once, on the file first in the alphabet.
 */
import type { ContentCheck } from ".";

/** Overlap of the five-word runs of two texts (Jaccard): near-copies score well above 0.25, pages of their own below 0.1. */
function similarity(a: string, b: string): number {
  const shingles = (text: string) => {
    const words = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
    return new Set(words.slice(0, -4).map((_, i) => words.slice(i, i + 5).join(" ")));
  };
  const [x, y] = [shingles(a), shingles(b)];
  const shared = [...x].filter((s) => y.has(s)).length;
  return shared / (x.size + y.size - shared || 1);
}

const NEAR_COPY = 0.25;
/** Shorter pages are the length warning's to name: too little text to tell a copy from a page. */
const MIN_WORDS = 150;

export const nearCopies: ContentCheck = (content, { warn }) => {
  const pages = [
    ...content.services.map((page) => ({ file: `content/services/${page.slug}.md`, body: page.body })),
    ...content.locations.map((page) => ({ file: `content/services/${page.slug}/index.md`, body: page.body })),
    ...content.locationServices.map((page) => ({ file: `content/services/${page.location}/${page.variation}.md`, body: page.body })),
  ]
    .filter((page) => page.body.wordCount >= MIN_WORDS)
    .sort((a, b) => a.file.localeCompare(b.file));
  for (let i = 0; i < pages.length; i++) {
    for (let j = i + 1; j < pages.length; j++) {
      const score = similarity(pages[i]!.body.text, pages[j]!.body.text);
      if (score < NEAR_COPY) continue;
      warn(
        pages[i]!.file,
        `reads almost the same as ${pages[j]!.file} (${Math.round(score * 100)}% of their phrases are the same): search engines show only one of two near-copies; write what is particular to each`,
      );
    }
  }
};
