import type { Element, Root, RootContent } from "hast";
import { describe, expect, it } from "vitest";
import { compileMarkdown } from "./markdown";

/** The elements of a compiled tree with this tag, in document order. */
function all(tree: Root | RootContent, tagName: string): Element[] {
  const found = tree.type === "element" && tree.tagName === tagName ? [tree] : [];
  return "children" in tree ? [...found, ...tree.children.flatMap((child) => all(child, tagName))] : found;
}

const TABLE = "| Format | Hours | Fee |\n|---|---|---|\n| Half day | 4 | $1,200 |\n";

describe("a table in markdown", () => {
  it("scrolls in a region a keyboard reaches, named by the heading before it", () => {
    const { hast } = compileMarkdown(`## What an intensive costs\n\nThree lengths.\n\n${TABLE}`);
    const [region] = all(hast, "div");
    expect(region?.properties).toEqual({ className: ["table-scroll"], role: "region", tabIndex: 0, ariaLabelledBy: ["what-an-intensive-costs"] });
    expect(all(region!, "table")).toHaveLength(1);
    // The heading keeps the id the region points at.
    expect(all(hast, "h2")[0]?.properties.id).toBe("what-an-intensive-costs");
  });

  it("is named by its header row when no heading comes before it", () => {
    const { hast } = compileMarkdown(`Fees first.\n\n${TABLE}\n## Later\n`);
    expect(all(hast, "div")[0]?.properties).toMatchObject({ role: "region", tabIndex: 0, ariaLabel: "Table: Format, Hours, Fee" });
  });

  it("takes the nearest heading before it, each table its own region", () => {
    const { hast } = compileMarkdown(`## First\n\n${TABLE}\n## Second\n\n${TABLE}`);
    expect(all(hast, "div").map((region) => region.properties.ariaLabelledBy)).toEqual([["first"], ["second"]]);
  });

  it("keeps the text the site index and excerpts read", () => {
    expect(compileMarkdown(TABLE).text).toBe("Format Hours Fee Half day 4 $1,200");
  });
});
