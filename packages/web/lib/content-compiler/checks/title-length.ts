/** Titles longer than search results and browser tabs show are cut there (lib/seo/title.ts). */
import type { ContentCheck } from ".";
import { PAGE_TITLE_MAX } from "../../seo/title";
import { visibleDocs } from "./documents";

export const titleLength: ContentCheck = (content, { warn }) => {
  for (const doc of visibleDocs(content)) {
    const title = doc.title.replace(/\s+/g, " ").trim();
    if (title.length > PAGE_TITLE_MAX) {
      warn(doc.file, `has ${title.length} characters; search results and browser tabs show ${PAGE_TITLE_MAX}, so it would be cut: shorten "${title}"`, "title");
    }
  }
};
