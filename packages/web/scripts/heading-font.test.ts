import { describe, expect, it } from "vitest";
import { headingCharacters } from "./heading-font";

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
