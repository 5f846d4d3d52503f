import { describe, expect, it } from "vitest";
import { buildsToMake, chooseSections, SECTIONS } from "./sections";

const chosen = (args: string[]) => SECTIONS.filter(chooseSections(args));

describe("chooseSections (pnpm bench's arguments)", () => {
  it("runs every section when none is named", () => {
    expect(chosen([])).toEqual(["build", "pages", "lighthouse", "floors", "throughput", "ceiling", "coldstart", "redirects", "load", "fault", "store-outage", "upgrade-flood", "slow-store", "hostile", "security"]);
  });

  it("runs only the sections named", () => {
    expect(chosen(["pages", "lighthouse"])).toEqual(["pages", "lighthouse"]);
  });

  it("runs store-outage, upgrade-flood and slow-store for `fault`, and each alone when named", () => {
    expect(chosen(["fault"])).toEqual(["fault", "store-outage", "upgrade-flood", "slow-store"]);
    expect(chosen(["slow-store"])).toEqual(["slow-store"]);
  });

  it("refuses a name that is not a section, listing the sections", () => {
    expect(() => chooseSections(["lighthose"])).toThrow("Unknown bench section: lighthose. Sections: build pages lighthouse floors throughput ceiling coldstart redirects load fault store-outage upgrade-flood slow-store hostile security");
  });
});

describe("buildsToMake before the sections run", () => {
  const built = (...paths: string[]) => (webPath: string) => paths.includes(webPath);
  const PRODUCTION = ".next/BUILD_ID";
  const HANDLER = ".open-next/server-functions/default/index.mjs";
  const STANDALONE = ".next/standalone";

  it.each([
    { sections: ["pages"], has: [], builds: ["build"] },
    { sections: ["pages"], has: [PRODUCTION], builds: [] },
    { sections: ["coldstart"], has: [PRODUCTION], builds: ["build:lambda"] },
    { sections: ["coldstart"], has: [PRODUCTION, HANDLER], builds: [] },
    // `pnpm build` alone leaves no standalone build for OpenNext to bundle as a Node server.
    { sections: ["ceiling"], has: [PRODUCTION, HANDLER], builds: ["build:lambda"] },
    { sections: ["ceiling"], has: [PRODUCTION, STANDALONE], builds: [] },
    { sections: [], has: [], builds: ["build", "build:lambda"] },
  ])("$sections with $has built: $builds", ({ sections, has, builds }) => {
    expect(buildsToMake(chooseSections(sections), built(...has))).toEqual(builds);
  });
});
