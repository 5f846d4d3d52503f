/**
 * The compile keeps the record of published addresses (content/published.json): a page renamed or
 * removed is named, with the redirect that keeps its old address working and the one command that
 * adds it; the proxy is handed what to answer. Expected messages are written out by hand. (How
 * `pnpm content` prints them and writes the answers: site-index.test.ts, on its fixture's compile.)
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { formatPublished, type PublishedEntry } from "@practice/redirects/published";
import type { SiteIndex, SiteIndexPage } from "@practice/site-index";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keepPublished } from "./published";

const page = (path: string, title: string, more: Partial<SiteIndexPage> = {}): SiteIndexPage => ({ path, title, description: "", keywords: [], headings: [], names: [], text: "", ...more });

/** A small site after the owner's edits: one post renamed, one post gone, a service page renamed. */
const SITE: SiteIndex = {
  siteUrl: "https://www.example.com",
  categories: [{ name: "Couples Therapy", slug: "couples-therapy" }],
  pages: [
    page("/", "Home"),
    page("/about-me", "About me"),
    page("/blog", "Blog"),
    page("/blog/repair-after-an-argument", "Repair After an Argument: Small Moves That Matter", { keywords: ["repair attempts"] }),
    page("/blog/seasonal-low-mood", "Seasonal Low Mood in the Pacific Northwest", { keywords: ["seasonal depression", "winter"] }),
    page("/services/marathonCouplesTherapy", "Marathon Couples Therapy", { keywords: ["couples intensive", "marathon session"] }),
    page("/contact", "Contact"),
  ],
};

const record = (entries: Record<string, PublishedEntry>) => formatPublished(new Map(Object.entries(entries)));
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "published-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the compile, on a record of published addresses", () => {
  it("names each page that disappeared, with the likely new address and the command that keeps the old one", async () => {
    await writeFile(
      path.join(dir, "published.json"),
      record({
        "/": { title: "Home" },
        "/about-me": { title: "About me" },
        "/blog": { title: "Blog" },
        "/blog/repair": { title: "Repair After an Argument: Small Moves That Matter" }, // renamed: same title
        "/blog/winter-blues-and-what-helps": { title: "Winter blues and what helps" }, // rewritten as another post
        "/blog/holiday-hours-2025": { title: "Holiday hours for 2025" }, // nothing like it now
        "/services/intensive": { title: "Couples Intensives" },
        "/contact": { title: "Contact" },
      }),
    );
    const kept = await keepPublished(dir, SITE, { write: true });
    const file = `${path.basename(dir)}/published.json`;
    expect(kept.warnings).toEqual([
      {
        file,
        message:
          '/blog/holiday-hours-2025 ("Holiday hours for 2025") was published and is no longer a page, so visitors and search engines following it would get "Page not found" (and a production deploy is refused): keep it working with a redirect to the page that replaces it: pnpm redirects moved /blog/holiday-hours-2025 /new-address; or, if it is gone for good: pnpm redirects gone /blog/holiday-hours-2025',
      },
      {
        file,
        message:
          '/blog/repair ("Repair After an Argument: Small Moves That Matter") was published and is no longer a page, so visitors and search engines following it would get "Page not found" (and a production deploy is refused): keep it working with a redirect to /blog/repair-after-an-argument (a page with the same title: the page renamed): pnpm redirects moved /blog/repair /blog/repair-after-an-argument; or, if it is gone for good: pnpm redirects gone /blog/repair',
      },
      {
        file,
        message:
          '/blog/winter-blues-and-what-helps ("Winter blues and what helps") was published and is no longer a page, so visitors and search engines following it would get "Page not found" (and a production deploy is refused): keep it working with a redirect to /blog/seasonal-low-mood (its nearest page now: matching the page\'s address): pnpm redirects moved /blog/winter-blues-and-what-helps /blog/seasonal-low-mood; or, if it is gone for good: pnpm redirects gone /blog/winter-blues-and-what-helps',
      },
      {
        file,
        message:
          '/services/intensive ("Couples Intensives") was published and is no longer a page, so visitors and search engines following it would get "Page not found" (and a production deploy is refused): keep it working with a redirect to /services/marathonCouplesTherapy (its nearest page now: matching the page\'s address): pnpm redirects moved /services/intensive /services/marathonCouplesTherapy; or, if it is gone for good: pnpm redirects gone /services/intensive',
      },
    ]);
    // The new pages are recorded (the file written back), the dropped ones kept until the owner says.
    const written = JSON.parse(await readFile(path.join(dir, "published.json"), "utf8")) as { addresses: Record<string, PublishedEntry> };
    expect(Object.keys(written.addresses)).toEqual([
      "/", "/about-me", "/blog", "/blog/holiday-hours-2025", "/blog/repair", "/blog/repair-after-an-argument", "/blog/seasonal-low-mood",
      "/blog/winter-blues-and-what-helps", "/contact", "/services/intensive", "/services/marathonCouplesTherapy",
    ]);
    expect(kept.notes).toEqual([`${file}: recorded 3 new addresses; commit it with your content`]);
    expect(kept.answers).toEqual({ moved: {}, gone: [] });
  });

  it("hands the proxy where moved addresses go and which are gone, and warns of nothing else", async () => {
    await writeFile(
      path.join(dir, "published.json"),
      record({
        ...Object.fromEntries(SITE.pages.map((each) => [each.path, { title: each.title }])),
        "/blog/repair": { title: "Repair", movedTo: "/blog/repair-after-an-argument" },
        "/blog/holiday-hours-2025": { title: "Holiday hours for 2025", gone: true },
      }),
    );
    const before = await readFile(path.join(dir, "published.json"), "utf8");
    const kept = await keepPublished(dir, SITE, { write: false });
    expect(kept).toEqual({ answers: { moved: { "/blog/repair": "/blog/repair-after-an-argument" }, gone: ["/blog/holiday-hours-2025"] }, warnings: [], notes: [] });
    expect(await readFile(path.join(dir, "published.json"), "utf8")).toBe(before);
  });

  it("starts the record on the first compile", async () => {
    const kept = await keepPublished(dir, SITE, { write: true });
    expect(kept.notes).toEqual([`${path.basename(dir)}/published.json: recorded the 7 addresses the site publishes; commit it with your content`]);
    expect(Object.keys((JSON.parse(await readFile(path.join(dir, "published.json"), "utf8")) as { addresses: object }).addresses)).toHaveLength(7);
  });
});
