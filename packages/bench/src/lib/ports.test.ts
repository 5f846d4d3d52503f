import { describe, expect, it } from "vitest";
import { benchPort, benchPorts, PORT_OFFSETS, STORE_OFFSET } from "./ports";

describe("bench ports", () => {
  it("are BENCH_PORT_BASE (4600 unless set) plus the section's offset", () => {
    expect(benchPort("reference", {})).toBe(4600);
    expect(benchPort("site", {})).toBe(4601);
    expect(benchPort("floorsBaseline", {})).toBe(4623);
    expect(benchPort("hostile", { BENCH_PORT_BASE: "5200" })).toBe(5216);
  });

  it("put a site's redirects store 50 above it, inside the block", () => {
    expect(benchPorts("load", {})).toEqual({ port: 4614, storePort: 4664 });
  });

  it("give every server its own port, and keep site and store offsets apart", () => {
    const offsets = Object.values(PORT_OFFSETS);
    expect(new Set(offsets).size).toBe(offsets.length);
    expect(Math.max(...offsets)).toBeLessThan(STORE_OFFSET);
  });

  it("refuse a base whose block would not fit below port 65535", () => {
    expect(() => benchPort("site", { BENCH_PORT_BASE: "65500" })).toThrow("BENCH_PORT_BASE must be a whole number at least 1024 and at most 65435");
  });
});
