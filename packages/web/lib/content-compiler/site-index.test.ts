/**
 * The site index across the package boundary: what `pnpm content` writes over fixture content is
 * the shape @practice/site-index reads, and the redirects CLI's checks and suggestions work from it.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { formatPublished } from "@practice/redirects/published";
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
  it("is read by the redirects CLI: every page, what each is about, the categories and the site's address (and a renamed page of the record of published addresses is named)", async () => {
    const about = path.join(dirs.content, "pages/about-me.md");
    await writeFile(about, `${await readFile(about, "utf8")}\n## Training\n\nJordan Ellis trained in Seattle.\n`);
    // The record of published addresses (./published.ts), with an old address of the fixture's post and one removed.
    const published = { ...Object.fromEntries(FIXTURE_PATHS.map((each) => [each, { title: "" }])), "/blog/first-post": { title: "A first post" }, "/blog/withdrawn": { title: "Withdrawn", gone: true as const } };
    await writeFile(path.join(dirs.content, "published.json"), formatPublished(new Map(Object.entries(published))));
    const env = { ...process.env, CONTENT_DIR: dirs.content, GENERATED_DIR: generated, BUILD_ID: "test" };
    const { stderr } = await run(process.execPath, ["--import", "tsx", "scripts/content.ts", "--no-media"], { cwd: webDir, env });
    expect(stderr).toContain(
      '  content/published.json: /blog/first-post ("A first post") was published and is no longer a page, so visitors and search engines following it would get "Page not found" (and a production deploy is refused): keep it working with a redirect to /blog/a-first-post (a page with the same title: the page renamed): pnpm redirects moved /blog/first-post /blog/a-first-post; or, if it is gone for good: pnpm redirects gone /blog/first-post',
    );
    expect(JSON.parse(await readFile(path.join(generated, "published.json"), "utf8"))).toEqual({ moved: {}, gone: ["/blog/withdrawn"] });

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
