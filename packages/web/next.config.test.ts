import { PHASE_PRODUCTION_SERVER } from "next/constants";
import { afterEach, describe, expect, it, vi } from "vitest";

// Which files the config reads: routes.json must be read only when Next asks for headers().
const read: string[] = [];
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  return {
    ...fs,
    readFileSync: (file: string, ...rest: unknown[]) => {
      read.push(String(file));
      if (String(file).endsWith("BUILD_ID")) return "build-1234\n";
      if (String(file).endsWith("routes.json")) return JSON.stringify(["/", "/about-me"]);
      return (fs.readFileSync as (...args: unknown[]) => unknown)(file, ...rest);
    },
  };
});

afterEach(() => void (read.length = 0));

describe("next.config.ts", () => {
  it("reads the page list only for headers(): a production server starts without .generated/", async () => {
    const { default: config } = await import("./next.config");
    const serving = config(PHASE_PRODUCTION_SERVER);
    expect(serving.generateBuildId && (await serving.generateBuildId())).toBe("build-1234");
    expect(read.filter((file) => file.endsWith("routes.json"))).toEqual([]);

    const headers = await serving.headers!();
    expect(read.filter((file) => file.endsWith("routes.json"))).toHaveLength(1);
    expect(headers.map((rule) => rule.source)).toEqual(["/:path*", "/", "/about-me"]);
  });
});
