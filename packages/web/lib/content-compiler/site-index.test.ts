/**
 * The site index across the package boundary: what `pnpm content` writes over fixture content is
 * the shape @practice/site-index reads, and the redirects CLI's checks and suggestions work from it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { closestPage, loadSite, suggesterFor } from "@practice/redirects/site";
import { readSiteIndex, siteIndexFile } from "@practice/site-index";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixtureDirsForEachTest } from "./testing/fixture";

const run = promisify(execFile);
const webDir = path.resolve(import.meta.dirname, "../..");
const dirs = fixtureDirsForEachTest();
let generated: string;
beforeEach(async () => {
  generated = await mkdtemp(path.join(tmpdir(), "generated-"));
});
afterEach(async () => {
  await rm(generated, { recursive: true, force: true });
});

/** The fixture's pages (testing/fixture.ts), written out by hand. */
const FIXTURE_PATHS = [
  "/", "/FAQPage", "/about-me", "/accessibility", "/blog", "/blog/a-first-post", "/consumer-health-data-privacy-policy", "/contact", "/policies", "/privacy-policy", "/ratesAndInsurance",
  "/services", "/services/couplesTherapy", "/services/individualTherapy", "/services/marathonCouplesTherapy", "/services/seattle",
  "/services/seattle/couplesTherapy", "/services/seattle/individualTherapy", "/services/seattle/marathonCouplesTherapy", "/sitemap",
];

describe("the site index pnpm content writes", () => {
  it("is read by the redirects CLI: every page, what each is about, the categories and the site's address", async () => {
    const about = path.join(dirs.content, "pages/about-me.md");
    await writeFile(about, `${await readFile(about, "utf8")}\n## Training\n\nJordan Ellis trained in Seattle.\n`);
    const env = { ...process.env, CONTENT_DIR: dirs.content, GENERATED_DIR: generated, BUILD_ID: "test" };
    await run(process.execPath, ["--import", "tsx", "scripts/content.ts", "--no-media"], { cwd: webDir, env });

    const file = siteIndexFile(env);
    expect(path.dirname(file)).toBe(generated);
    const index = await readSiteIndex(file); // checked against the schema, or it throws
    expect(index!.siteUrl).toBe("https://www.example.com");
    expect(index!.categories).toEqual([{ name: "Couples Therapy", slug: "couples-therapy" }]);
    expect(index!.pages.find((page) => page.path === "/about-me")).toMatchObject({
      title: "about-me",
      keywords: ["about-me"],
      headings: [{ text: "A section", id: "a-section" }, { text: "Training", id: "training" }],
      names: ["Jordan Ellis"],
    });
    expect(index!.pages.find((page) => page.path === "/contact")?.names).toEqual([]);

    const site = await loadSite(file);
    expect([...site!.paths].sort()).toEqual(FIXTURE_PATHS);
    expect(closestPage(site!, "/abuot-me")).toBe("/about-me");
    expect(suggesterFor(site!).suggest("/our-team/jordan-ellis-bio.html")).toMatchObject({ to: "/about-me", why: "matches the therapist's name" });
    expect(suggesterFor(site!).suggest("/category/couples-therapy")).toMatchObject({ to: "/blog?category=Couples%20Therapy" });
  });
});
