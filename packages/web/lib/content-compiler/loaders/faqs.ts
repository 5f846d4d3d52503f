/** `content/faqs.md`: `# Group` headings, each with `## Question` headings and their answers. */
import type { Root, RootContent } from "hast";
import { faqFrontMatterSchema } from "../schema";
import type { Content, FaqGroup } from "../../content/types";
import { type ContentReader, isFile } from "./reader";

export async function loadFaq(reader: ContentReader): Promise<Content["faq"]> {
  const file = reader.path("faqs.md");
  const empty: Content["faq"] = { title: "", lastUpdated: "", groups: [] };
  if (!(await isFile(file))) {
    reader.problems.add(reader.display(file), "is missing");
    return empty;
  }
  const source = await reader.markdown(file, faqFrontMatterSchema);
  if (!source) return empty;
  const groups = parseFaq(source.body.hast);
  if (groups.length === 0 || groups.some((group) => group.items.length === 0)) {
    reader.problems.add(source.display, "needs '# Group' headings, each followed by '## Question' headings and their answers");
  }
  return { title: source.data.title, lastUpdated: source.data.lastUpdated, groups };
}

/** `# Group` → group, `## Question` → item, everything up to the next heading → its answer. */
function parseFaq(hast: Root): FaqGroup[] {
  const groups: FaqGroup[] = [];
  const text = (node: RootContent): string =>
    node.type === "text" ? node.value : "children" in node ? node.children.map((c) => text(c as RootContent)).join("") : "";
  for (const node of hast.children) {
    if (node.type === "element" && node.tagName === "h1") {
      groups.push({ id: String(node.properties.id ?? ""), title: text(node).trim(), items: [] });
    } else if (node.type === "element" && node.tagName === "h2") {
      groups.at(-1)?.items.push({
        id: String(node.properties.id ?? ""),
        question: text(node).trim(),
        answer: { type: "root", children: [] },
        answerText: "",
      });
    } else {
      const item = groups.at(-1)?.items.at(-1);
      if (!item) continue;
      item.answer.children.push(node);
      item.answerText = `${item.answerText} ${text(node)}`.replace(/\s+/g, " ").trim();
    }
  }
  return groups;
}
