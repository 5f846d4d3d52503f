/**
 * Two pages with one title, or one description: search results would show them alike. The same
 * title and description together is a page saved twice (a post copied to write a new one, then
 * left as it was), which would otherwise go live twice.
 */
import type { ContentCheck } from ".";
import { type RoutedDocument, routedDocuments } from "./documents";

export const duplicateCopies: ContentCheck = (content, { warn }) => {
  const byTitle = new Map<string, RoutedDocument>();
  const byDescription = new Map<string, RoutedDocument>();
  for (const doc of routedDocuments(content)) {
    const { title, description } = doc.meta;
    const sameTitle = byTitle.get(title);
    const sameDescription = byDescription.get(description);
    if (sameTitle && sameTitle === sameDescription) {
      warn(doc.file, `has the same title and description as ${sameTitle.file}: a second copy of it? Delete one, or give each its own title and description`);
    } else {
      if (sameTitle) warn(doc.file, `is the title of ${sameTitle.file} too: give each page its own, as search results show it`, "title");
      if (sameDescription) warn(doc.file, `is the description of ${sameDescription.file} too: give each page its own, as search results show it`, "description");
    }
    if (!sameTitle) byTitle.set(title, doc);
    if (!sameDescription) byDescription.set(description, doc);
  }
};
