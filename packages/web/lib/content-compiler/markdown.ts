/**
 * Markdown → sanitised HAST (the HTML syntax tree), at build time. Pages render the tree with
 * React (components/content/Markdown.tsx), so internal links become client-side navigations and
 * images become responsive <picture>s, and no HTML string is ever injected.
 */
import type { Element, ElementContent, Properties, Root, RootContent } from "hast";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface CompiledMarkdown {
  hast: Root;
  /** Plain text of the body, for excerpts, word counts and similarity checks. */
  text: string;
  wordCount: number;
  headings: Heading[];
  /** Every `/images/...` reference (src or data-src), checked against content/images. */
  images: string[];
  /** The images among them with no description (an empty or missing alt): the build refuses them. */
  imagesWithoutAlt: string[];
  /** Every site-relative link target, checked against the route registry. */
  internalLinks: string[];
}

/** GitHub's sanitising schema, plus the few things authored content legitimately needs. */
const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  // Ids and names written in raw HTML get the default "user-content-" prefix, so content can never
  // take over one the page uses (#main); heading ids come from rehype-slug after sanitising.
  attributes: {
    ...defaultSchema.attributes,
    img: [...(defaultSchema.attributes?.img ?? []), "dataSrc", "alt", "title"],
  },
  protocols: {
    ...defaultSchema.protocols,
    // tel: and sms: let a reader call or text a number in one tap (the practice's, 988, 911).
    href: [...(defaultSchema.protocols?.href ?? []), "tel", "sms"],
  },
};

/** The text of a table's header row ("Format, Therapy time, Fee"), for a table with no heading before it. */
function headerCells(table: Element): string {
  const cells: string[] = [];
  walkElements(table, (element) => {
    if (element.tagName === "th") cells.push(textOf(element).trim());
  });
  return cells.filter(Boolean).join(", ");
}

/**
 * Every table in a box of its own that scrolls sideways when the table is wider than the screen (a
 * phone, or large text), so the page never does: the box is a region a keyboard can reach (Tab,
 * then the arrow keys; WCAG 2.1.1) and named by the heading before the table, or by its header row
 * when no heading comes before it in its section.
 */
function wrapTables() {
  return (tree: Root) => {
    const visit = (parent: Root | Element) => {
      let heading: Element | undefined;
      parent.children.forEach((child, index) => {
        if (child.type !== "element") return;
        if (/^h[1-6]$/.test(child.tagName)) heading = child;
        if (child.tagName !== "table") return visit(child);
        const properties: Properties = { className: ["table-scroll"], role: "region", tabIndex: 0 };
        const headingId = heading?.properties.id;
        if (typeof headingId === "string") properties.ariaLabelledBy = [headingId];
        else properties.ariaLabel = `Table: ${headerCells(child)}`;
        (parent.children as ElementContent[])[index] = { type: "element", tagName: "div", properties, children: [child] };
      });
    };
    visit(tree);
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeSlug)
  .use(rehypeAutolinkHeadings, { behavior: "wrap", properties: { className: ["heading-anchor"] } })
  .use(wrapTables);

function textOf(node: Root | RootContent | ElementContent): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return node.children.map(textOf).join("");
  return "";
}

const BLOCK_TAGS = new Set(["p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "td", "th", "tr"]);

/** Plain text with block boundaries kept as spaces, so words never run together. */
function plainText(node: Root | RootContent): string {
  if (node.type === "text") return node.value;
  if (!("children" in node)) return "";
  const inner = node.children.map((child) => plainText(child as RootContent)).join("");
  return node.type === "element" && BLOCK_TAGS.has(node.tagName) ? ` ${inner} ` : inner;
}

/** Drops source positions: they are useless at runtime and would triple the generated JSON. */
function stripPositions(node: Root | RootContent): void {
  delete (node as { position?: unknown }).position;
  if ("children" in node) node.children.forEach((child) => stripPositions(child as RootContent));
}

function walkElements(node: Root | RootContent, visit: (element: Element) => void): void {
  if (node.type === "element") visit(node);
  if ("children" in node) node.children.forEach((child) => walkElements(child as RootContent, visit));
}

export function compileMarkdown(source: string): CompiledMarkdown {
  const hast = processor.runSync(processor.parse(source)) as Root;
  stripPositions(hast);

  const headings: Heading[] = [];
  const images: string[] = [];
  const imagesWithoutAlt: string[] = [];
  const internalLinks: string[] = [];
  walkElements(hast, (element) => {
    const depth = /^h([1-6])$/.exec(element.tagName)?.[1];
    if (depth && typeof element.properties.id === "string") {
      headings.push({ id: element.properties.id, text: textOf(element).trim(), depth: Number(depth) });
    }
    if (element.tagName === "img") {
      // Authored `data-src` images and markdown images end up the same: lazily loaded pictures.
      const lazySource = element.properties.dataSrc;
      if (typeof lazySource === "string") {
        element.properties.src = lazySource;
        delete element.properties.dataSrc;
      }
      if (typeof element.properties.src === "string") {
        images.push(element.properties.src);
        const alt = element.properties.alt;
        if (typeof alt !== "string" || !alt.trim()) imagesWithoutAlt.push(element.properties.src);
      }
    }
    if (element.tagName === "a" && typeof element.properties.href === "string") {
      const href = element.properties.href;
      if (href.startsWith("/") && !href.startsWith("//")) internalLinks.push(href);
    }
  });

  const text = plainText(hast).replace(/\s+/g, " ").trim();
  return {
    hast,
    text,
    wordCount: text ? text.split(" ").length : 0,
    headings,
    images,
    imagesWithoutAlt,
    internalLinks,
  };
}

/** The first paragraph, cut at a word boundary: the teaser on lists and in feeds. */
export function excerptOf(hast: Root, maxLength = 220): string {
  let first = "";
  walkElements(hast, (element) => {
    if (!first && element.tagName === "p") first = plainText(element).replace(/\s+/g, " ").trim();
  });
  if (first.length <= maxLength) return first;
  const cut = first.slice(0, maxLength + 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,.;:!?-]+$/, "")}…`;
}
