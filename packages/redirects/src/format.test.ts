import { describe, expect, it } from "vitest";
import { columnWidths, table } from "./format";

describe("table", () => {
  it("formats 200,000 rows without overflowing the stack, its columns as wide as the widest cell", () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ from: `/old/${i}`, to: "/contact" }));
    const lines = table(items).split("\n");
    expect(lines).toHaveLength(200_003);
    expect(lines[0]).toBe("FROM         TO        STATUS  NOTE");
    expect(lines[1]).toBe("/old/0       /contact  301");
    expect(lines[200_000]).toBe("/old/199999  /contact  301");
    expect(lines.slice(-2)).toEqual(["", "200000 redirects"]);
  });
});

describe("columnWidths", () => {
  it("is the longest cell of each column, the header included, for any number of rows", () => {
    expect(columnWidths(["A", "BBBB"], [["xyz", "1"], ["x", "22"], ["", ""]])).toEqual([3, 4]);
    const many = Array.from({ length: 300_000 }, (_, i) => [i === 123_456 ? "a much longer cell" : "short"]);
    expect(columnWidths(["HEADER"], many)).toEqual([18]);
  });
});
