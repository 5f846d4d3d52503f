import { describe, expect, it } from "vitest";
import { chooseSections, SECTIONS } from "./sections";

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
