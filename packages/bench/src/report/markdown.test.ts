import { describe, expect, it } from "vitest";
import { cell, code, ms, orDash, range, runs, table, truncate } from "./markdown";

describe("table", () => {
  it("writes a GitHub table: header, rule, a line per row", () => {
    expect(table(["page", "LCP ms", "ratio"], [["`/`", 1512, "1.02"], ["bare Next page", 1480, "1.00"]])).toBe(
      ["| page | LCP ms | ratio |", "|---|---|---|", "| `/` | 1512 | 1.02 |", "| bare Next page | 1480 | 1.00 |"].join("\n"),
    );
  });

  it("writes the header alone when there are no rows", () => {
    expect(table(["figure", "value"], [])).toBe("| figure | value |\n|---|---|");
  });
});

describe("the shapes of a cell", () => {
  it("escapes pipes and line breaks", () => {
    expect(cell("a|b\nc")).toBe("a\\|b c");
    expect(cell(null)).toBe("null");
  });

  it("writes milliseconds whole, a dash for none", () => {
    expect(ms(1511.5)).toBe("1512");
    expect(ms(null)).toBe("—");
    expect(ms(undefined)).toBe("—");
  });

  it("writes a range with an en dash, rounded", () => {
    expect(range([880.4, 1020.6])).toBe("880–1021");
    expect(range([0.123, 0.456], 2)).toBe("0.12–0.46");
  });

  it("cuts long text with an ellipsis", () => {
    expect(truncate("Couples therapy in Seattle", 10)).toBe("Couples t…");
    expect(truncate("short", 10)).toBe("short");
    expect(truncate(undefined)).toBe("—");
  });

  it("formats a figure, or a dash when the run did not measure it", () => {
    expect(orDash(2048, (bytes) => bytes / 1024)).toBe(2);
    expect(orDash(undefined, (bytes: number) => bytes / 1024)).toBe("—");
  });

  it("counts runs in words", () => {
    expect(runs(1)).toBe("1 run");
    expect(runs(3)).toBe("3 runs");
    expect(runs(8, "time")).toBe("8 times");
    expect(code("pnpm bench")).toBe("`pnpm bench`");
  });
});
