/**
 * Every compiled document with the file it came from and the text a visitor reads in it, so the
 * content checks can name the file to fix.
 */
import type { Root, RootContent } from "hast";
import type { Content, Doc } from "../../content/types";

/** A page of the site with its source file: what the checks of pages against each other read. */
export interface RoutedDocument {
  /** The source file, as the owner sees it: `content/services/bellevue/couplesTherapy.md`. */
  file: string;
  path: string;
  meta: { title: string; description: string };
  body: Doc;
}

/** The site's pages, posts last (newest first), each with its source file. */
export function routedDocuments(content: Content): RoutedDocument[] {
  return [
    ...Object.values(content.pages).map((page) => ({ file: `content/pages/${page.key}.md`, ...page })),
    ...content.services.map((service) => ({ file: `content/services/${service.slug}.md`, ...service })),
    ...content.locations.map((location) => ({ file: `content/services/${location.slug}/index.md`, ...location })),
    ...content.locationServices.map((page) => ({ file: `content/services/${page.location}/${page.variation}.md`, ...page })),
    ...content.posts.map((post) => ({ file: `content/blog/${post.slug}.md`, ...post })),
  ];
}

interface VisibleDoc {
  /** The source file, as the owner sees it: `content/services/bellevue/couplesTherapy.md`. */
  file: string;
  title: string;
  /** Front matter and body text a visitor (or a search result) shows, field by field. */
  fields: Record<string, string>;
}

/** Alt and title attributes in the body: read aloud by screen readers, shown when images fail. */
function attributeText(node: Root | RootContent): string[] {
  const found: string[] = [];
  if (node.type === "element") {
    for (const name of ["alt", "title"]) {
      const value = node.properties[name];
      if (typeof value === "string") found.push(value);
    }
  }
  if ("children" in node) for (const child of node.children) found.push(...attributeText(child as RootContent));
  return found;
}

function pick(meta: object, keys: string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of keys) {
    const value = (meta as Record<string, unknown>)[key];
    if (typeof value === "string") fields[key] = value;
    else if (Array.isArray(value)) fields[key] = value.join(", ");
  }
  return fields;
}

const META_FIELDS = ["title", "heading", "description", "summary", "breadcrumb", "imageAlt", "keywords", "categories", "author"];

export function visibleDocs(content: Content): VisibleDoc[] {
  const docs: VisibleDoc[] = [];
  const add = (file: string, meta: { title: string }, body: { text: string; hast: Root }) => {
    docs.push({
      file,
      title: meta.title,
      fields: { ...pick(meta, META_FIELDS), body: body.text, "body alt text": attributeText(body.hast).join(" ") },
    });
  };
  for (const page of Object.values(content.pages)) add(`content/pages/${page.key}.md`, page.meta, page.body);
  for (const service of content.services) add(`content/services/${service.slug}.md`, service.meta, service.body);
  for (const location of content.locations) add(`content/services/${location.slug}/index.md`, location.meta, location.body);
  for (const page of content.locationServices) add(`content/services/${page.location}/${page.variation}.md`, page.meta, page.body);
  for (const post of content.posts) add(`content/blog/${post.slug}.md`, post.meta, post.body);
  for (const notice of Object.values(content.notices)) add(`content/notices/${notice.key}.md`, notice.meta, notice.body);
  docs.push({
    file: "content/faqs.md",
    title: content.faq.title,
    fields: {
      title: content.faq.title,
      body: content.faq.groups.flatMap((group) => [group.title, ...group.items.flatMap((item) => [item.question, item.answerText])]).join(" "),
    },
  });
  return docs;
}

/** Every string value in the site config (not its keys), with its path: `fees.cancellation.note`. */
export function configStrings(value: unknown, at = ""): { field: string; text: string }[] {
  if (typeof value === "string") return [{ field: at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => configStrings(item, `${at}[${index}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => configStrings(item, at ? `${at}.${key}` : key));
  }
  return [];
}
