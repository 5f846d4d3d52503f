// @vitest-environment happy-dom
/**
 * Every way to the 988 line calls or texts it in one tap: the contact strip that stays on screen
 * (first on every page), the header's link to the notice in the footer, the line at the top of a post
 * about low mood, and the notice in every footer. Rendered as the server renders them, on content
 * of the test's own; the addresses a phone dials are written out here.
 */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compileContent } from "@/lib/content-compiler/compile";
import { writeFixture } from "@/lib/content-compiler/testing/fixture";

vi.mock("server-only", () => ({}));
vi.mock("next/navigation", () => ({ usePathname: () => "/", useRouter: () => ({ push() {}, prefetch() {} }) }));

const CRISIS_NOTICE = `---
title: If you are in crisis
headerLink: In crisis?
lastUpdated: 2026-05-01
---

[Call **988**](tel:988) or [text **988**](sms:988) to reach the 988 Suicide & Crisis Lifeline. In immediate danger, [call **911**](tel:911).
`;

let components: {
  SiteHeader: typeof import("./SiteHeader").SiteHeader;
  SiteFooter: typeof import("./SiteFooter").SiteFooter;
  ContactStrip: typeof import("./ContactStrip").ContactStrip;
  CrisisLine: typeof import("../blog/CrisisLine").CrisisLine;
};

let contentDir = "";
beforeAll(async () => {
  contentDir = await writeFixture();
  await writeFile(path.join(contentDir, "notices/crisis.md"), CRISIS_NOTICE);
  const content = await compileContent({ contentDir, publicDir: path.join(contentDir, "../public"), assets: "describe" });
  vi.doMock("@/lib/content", () => ({ content, site: content.site }));
  components = {
    SiteHeader: (await import("./SiteHeader")).SiteHeader,
    SiteFooter: (await import("./SiteFooter")).SiteFooter,
    ContactStrip: (await import("./ContactStrip")).ContactStrip,
    CrisisLine: (await import("../blog/CrisisLine")).CrisisLine,
  };
});
afterAll(() => rm(path.dirname(contentDir), { recursive: true, force: true }));

/** The links of a rendered component, as [the name a screen reader gives it, where it goes]. */
function links(element: ReactElement): [string, string | null][] {
  document.body.innerHTML = renderToStaticMarkup(element);
  return [...document.querySelectorAll("a")].map((link) => [(link.getAttribute("aria-label") ?? link.textContent ?? "").trim(), link.getAttribute("href")]);
}

describe("the ways to 988", () => {
  it("the header's crisis row: the way to the notice first (988 to call and text is the contact strip's, above it)", () => {
    const { SiteHeader } = components;
    const header = links(<SiteHeader />);
    expect(header[0]).toEqual(["In crisis?", "#crisis"]);
    expect(header.filter(([, href]) => href === "tel:988" || href === "sms:988")).toEqual([]);
  });

  it("the notice in every footer, where the header's row leads: call and text 988, call 911", () => {
    const { SiteFooter } = components;
    const footer = links(<SiteFooter />);
    expect(document.getElementById("crisis")?.querySelector("h2")?.textContent).toBe("If you are in crisis");
    expect(footer.slice(0, 3)).toEqual([
      ["Call 988", "tel:988"],
      ["text 988", "sms:988"],
      ["call 911", "tel:911"],
    ]);
  });

  it("the contact strip, on screen at every scroll depth: one tap to the 988 line", () => {
    const { ContactStrip } = components;
    expect(links(<ContactStrip />).filter(([name]) => name.includes("988"))).toEqual([
      ["Call 988", "tel:988"],
      ["Text 988", "sms:988"],
    ]);
  });

  it("the line at the top of a post about low mood: Call 988 and Text 988", () => {
    const { CrisisLine } = components;
    expect(links(<CrisisLine />)).toEqual([
      ["Call 988", "tel:988"],
      ["Text 988", "sms:988"],
    ]);
  });
});
