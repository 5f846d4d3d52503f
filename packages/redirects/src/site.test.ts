import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { siteIndexJson } from "@practice/site-index";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { closestPage, loadSite } from "./site";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "site-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const page = (pagePath: string, title: string, text = "") => ({ path: pagePath, title, description: "", keywords: [], headings: [], names: [], text });

describe("the site as the CLI knows it", () => {
  it("is the site index's pages, categories and address", async () => {
    const file = path.join(dir, "site-index.json");
    await writeFile(
      file,
      siteIndexJson({
        siteUrl: "https://www.example.com",
        pages: [page("/", "Home"), page("/about-me", "About me"), page("/ratesAndInsurance", "Rates and insurance", "Fees for each session.")],
        categories: [{ name: "Couples Therapy", slug: "couples-therapy" }],
      }),
    );
    const site = await loadSite(file);
    expect([...site!.paths]).toEqual(["/", "/about-me", "/ratesAndInsurance"]);
    expect(site!.siteUrl).toBe("https://www.example.com");
    expect(site!.categories).toEqual([{ name: "Couples Therapy", slug: "couples-therapy" }]);
    expect(closestPage(site!, "/abuot-me")).toBe("/about-me");
    expect(closestPage(site!, "/fees")).toBe("/ratesAndInsurance");
  });

  it("is unknown before the content is compiled, and an index of another shape is an error saying what to run", async () => {
    expect(await loadSite(path.join(dir, "site-index.json"))).toBeUndefined();
    const file = path.join(dir, "old.json");
    await writeFile(file, JSON.stringify({ siteUrl: "https://www.example.com", pages: [{ path: "/", meta: { title: "Home" } }], categories: [] }));
    await expect(loadSite(file)).rejects.toThrow(`${file} is not a site index this code reads (pages.0.title: Invalid input: expected string, received undefined;`);
    await expect(loadSite(file)).rejects.toThrow("run pnpm content (or pnpm build) to write it again");
  });
});
