import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { headingCharacters, updateHeadingFont } from "./heading-font";

describe("headingCharacters", () => {
  it("is printable ASCII, common punctuation and every other character the texts use, once each", () => {
    const characters = [...headingCharacters(["Café Noël – “quoted”", "naïve\nline\tbreak", "Ünïcödé café"])];
    for (const expected of ["A", "z", "0", "~", " ", "&", "é", "ë", "ï", "Ü", "ö", "–", "“", "”", "’", "—", "…"]) expect(characters).toContain(expected);
    expect(characters).not.toContain("\n");
    expect(characters).not.toContain("\t");
    expect(new Set(characters).size).toBe(characters.length);
  });

  it("keeps the characters in code point order, so the same content always gives the same font", () => {
    const characters = [...headingCharacters(["zé", "éa"])];
    const points = characters.map((character) => character.codePointAt(0)!);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    expect(headingCharacters(["éa", "zé"])).toBe(headingCharacters(["zé", "éa"]));
  });
});

describe("updateHeadingFont (run by pnpm content after each compile, pnpm dev's included)", () => {
  it("makes the font, makes it again only when the content needs a character it lacks, and writes what it holds", async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), "heading-font-"));
    const made: string[] = [];
    const subset = async (characters: string) => (made.push(characters), Buffer.from(`font of ${[...characters].length} characters`));
    try {
      expect((await updateHeadingFont({ title: "Café" }, { outDir, subset })).written).toBe(true);
      expect((await updateHeadingFont({ title: "Café", body: "Cafe" }, { outDir, subset })).written).toBe(false);
      // A heading saved with a new character: the font is made again, with it.
      expect((await updateHeadingFont({ title: "Café Noël" }, { outDir, subset })).written).toBe(true);
      expect(made).toHaveLength(2);
      expect(made[0]).not.toContain("ë");
      expect(made[1]).toContain("ë");
      expect(await readFile(path.join(outDir, "fonts/heading.woff2"), "utf8")).toBe(`font of ${[...made[1]!].length} characters`);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
