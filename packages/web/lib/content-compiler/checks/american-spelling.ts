/** The site is written in American English: British spellings in what a visitor reads, with the word to write. */
import type { ContentCheck } from ".";
import { configStrings, visibleDocs } from "./documents";
import { britishSpellings } from "./spelling";

const FRONT_MATTER_FIELDS = new Set(["title", "heading", "description", "summary", "breadcrumb", "imageAlt", "keywords", "categories", "author"]);

export const americanSpelling: ContentCheck = (content, { warn }) => {
  for (const doc of visibleDocs(content)) {
    for (const [field, text] of Object.entries(doc.fields)) {
      const words = britishSpellings(text);
      if (words.length === 0) continue;
      const message = `uses British spelling${FRONT_MATTER_FIELDS.has(field) ? "" : ` in its ${field}`}: ${words.map(({ word, american }) => `"${word}" (write "${american}")`).join(", ")}`;
      warn(doc.file, message, FRONT_MATTER_FIELDS.has(field) ? field : undefined);
    }
  }
  // Addresses (https://…, mailto:…) are the owner's to copy as they are, whatever their spelling.
  for (const { field, text } of configStrings(content.site).filter(({ text }) => !/^[a-z][a-z+.-]*:/i.test(text))) {
    const words = britishSpellings(text);
    if (words.length > 0) warn("content/site.config.ts", `uses British spelling: ${words.map(({ word, american }) => `"${word}" (write "${american}")`).join(", ")}`, field);
  }
};
