/** Titles read `{page title} | {site name}`, the page title at most 60 characters. */
export const PAGE_TITLE_MAX = 60;

// Punctuation that reads as broken when a cut leaves it dangling at the end of a title.
const DANGLING = /[\s,;:|/&([{–—-]+$/u;

/** Cuts a page title to at most `max` characters at the last word boundary. */
export function truncateTitle(title: string, max = PAGE_TITLE_MAX): string {
  const clean = title.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  // Looking one character past the limit tells whether the cut falls exactly between words.
  const window = clean.slice(0, max + 1);
  const lastSpace = window.lastIndexOf(" ");
  const cut = lastSpace > 0 ? window.slice(0, lastSpace) : clean.slice(0, max);
  return cut.replace(DANGLING, "") || clean.slice(0, max);
}

export function formatTitle(pageTitle: string, siteName: string): string {
  return `${truncateTitle(pageTitle)} | ${siteName}`;
}
