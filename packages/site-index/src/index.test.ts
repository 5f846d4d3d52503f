import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contentDir, generatedDir, practicesUnderTest, readSiteIndex, type SiteIndex, siteIndexFile, siteIndexJson } from ".";

const INDEX: SiteIndex = {
  siteUrl: "https://www.example.com",
  pages: [
    { path: "/", title: "Home", description: "Therapy in Seattle.", keywords: [], headings: [{ text: "How it works", id: "how-it-works" }], names: [], text: "Welcome." },
    { path: "/about-me", title: "About me", heading: "Hello, I am Jordan", description: "Who I am.", keywords: ["therapist"], headings: [], names: ["Jordan Ellis"], text: "Jordan Ellis is a therapist." },
  ],
  categories: [{ name: "Couples Therapy", slug: "couples-therapy" }],
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "site-index-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the site index file", () => {
  it("reads back what was written", async () => {
    const file = path.join(dir, "site-index.json");
    await writeFile(file, siteIndexJson(INDEX));
    expect(await readSiteIndex(file)).toEqual(INDEX);
  });

  it("is undefined when the content was never compiled", async () => {
    expect(await readSiteIndex(path.join(dir, "none.json"))).toBeUndefined();
  });

  it("refuses a file of another shape, naming the field and what to run", async () => {
    const file = path.join(dir, "site-index.json");
    const { title: _title, ...untitled } = INDEX.pages[1]!;
    await writeFile(file, JSON.stringify({ ...INDEX, pages: [INDEX.pages[0], { ...untitled, heading: 3 }] }));
    await expect(readSiteIndex(file)).rejects.toThrow(
      `${file} is not a site index this code reads (pages.1.title: Invalid input: expected string, received undefined; pages.1.heading: Invalid input: expected string, received number): run pnpm content (or pnpm build) to write it again`,
    );
    await writeFile(file, JSON.stringify({ siteUrl: INDEX.siteUrl, routes: ["/"], categories: [] }));
    await expect(readSiteIndex(file)).rejects.toThrow("(pages: Invalid input: expected array, received undefined; (the whole file): Unrecognized key: \"routes\")");
    await writeFile(file, "{");
    await expect(readSiteIndex(file)).rejects.toThrow(`${file} is not JSON`);
  });

  it("is never written with a path twice", () => {
    expect(() => siteIndexJson({ ...INDEX, pages: [INDEX.pages[0]!, INDEX.pages[0]!] })).toThrow("lists a path twice");
  });

  it("lives beside the compiled content, and follows CONTENT_DIR and GENERATED_DIR", () => {
    expect(siteIndexFile({})).toMatch(/\/packages\/web\/\.generated\/site-index\.json$/);
    expect(siteIndexFile({ GENERATED_DIR: "/tmp/out" })).toBe("/tmp/out/site-index.json");
    expect(generatedDir({ GENERATED_DIR: "/tmp/out" })).toBe("/tmp/out");
    expect(contentDir({})).toMatch(/\/content$/);
    expect(contentDir({ CONTENT_DIR: "/tmp/copy/content" })).toBe("/tmp/copy/content");
  });

  it("holds the owner's content tests to two practices, or to the one CONTENT_DIR names", () => {
    const both = practicesUnderTest({});
    expect(both.map(({ name }) => name)).toEqual(["content/", "the second practice"]);
    expect(both[0]!.contentDir).toBe(contentDir({}));
    expect(both[1]!.contentDir).toMatch(/\/testing\/practices\/madrona\/content$/);
    expect(practicesUnderTest({ CONTENT_DIR: "/tmp/copy/content" })).toEqual([{ name: "CONTENT_DIR (/tmp/copy/content)", contentDir: "/tmp/copy/content" }]);
  });
});
