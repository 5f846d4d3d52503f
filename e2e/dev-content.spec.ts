/**
 * `pnpm dev` as the owner uses it: saved edits to a page appear, however the editor saves (in
 * place, or a temporary file renamed over the old one), save after save; a broken field shows its
 * problem in the terminal and on every page in the browser, the tab already open included, and
 * goes away when the file is fixed; a new post, however it is saved, and a new city's pages, are
 * served at their first save; and the dev overlay has no issue to report about the site's own pages.
 *
 * On its own copies of the app and of content/ (./dev-server.ts). E2E_DEV_PORT (a free port when
 * unset) is the dev server's port; its redirects table listens on a free one.
 */
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { startTestStore, type TestStore } from "@practice/redirects/testing/store";
import { type DevServer, startDevServer } from "./dev-server";
import { LOOKUP_BUDGET, serverPort } from "./helpers";
import { expect, test } from "./fixtures";

let dev: DevServer;
let origin: string;
let contentDir: string;
let page: string;
let store: TestStore;

test.describe.configure({ mode: "serial" });
test.setTimeout(600_000);

/**
 * The longest a test waits for one save to reach the served page: the compile, then Next compiling
 * the page again. Measured with both cores busy: up to 70 s (the compile alone up to 33 s), against
 * 5 s on a quiet machine. A wait ends as soon as what it waits for is there.
 */
const SAVE_SERVED = 150_000;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  store = await startTestStore("dev-content");
  const port = await serverPort(process.env.E2E_DEV_PORT, "E2E_DEV_PORT");
  dev = await startDevServer("dev-content", port, { ...LOOKUP_BUDGET, REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint });
  ({ origin, contentDir } = dev);
  page = path.join(contentDir, "pages/about-me.md");
  await expect.poll(async () => (await get("/about-me").catch(() => undefined))?.status, { timeout: SAVE_SERVED * 2, intervals: [1_000] }).toBe(200);
});

test.afterAll(async () => {
  await dev?.stop();
  await store?.stop().catch(() => {});
});

const get = (url: string) => fetch(`${origin}${url}`);
const html = async () => {
  const response = await get("/about-me");
  return { status: response.status, text: await response.text() };
};
const heading = (text: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(text)?.[1];

async function changeInPlace(change: (text: string) => string) {
  await writeFile(page, change(await readFile(page, "utf8")));
}
async function changeByRename(change: (text: string) => string) {
  await writeFile(`${page}.swp`, change(await readFile(page, "utf8")));
  await rename(`${page}.swp`, page);
}
const setHeading = (value: string) => (text: string) => text.replace(/^heading: .*$/m, `heading: ${value}`);

test("a legacy URL is one redirect to a relative Location with the query as sent, as under pnpm start", async () => {
  // The dev server is told 127.0.0.1: the Location must not become absolute (http://localhost:PORT/…).
  await store.table.put({ from: "/old-about", to: "/about-me" });
  const response = await fetch(`${origin}/old-about?flag&q=a%20b`, { redirect: "manual" });
  expect(response.status).toBe(301);
  expect(response.headers.get("location")).toBe("/about-me?flag&q=a%20b");
});

/** A post of the sample's, as a new one with its own title and description. */
async function newPost(title: string, description: string, categories?: string): Promise<string> {
  const source = await readFile(path.join(contentDir, "blog/repair-after-an-argument.md"), "utf8");
  const post = source.replace(/^title: .*$/m, `title: "${title}"`).replace(/^description: .*$/m, `description: "${description}"`);
  return categories ? post.replace(/^categories: .*$/m, `categories: [${categories}]`) : post;
}

test("a new post is served once the terminal says it is fixed, saved empty and then filled (nano), or by rename with a swap file beside (vim, VS Code)", async () => {
  // Before any post has been opened since the dev server started, as an owner who has only looked
  // at other pages: Next compiles the posts' route after the save.
  const since = dev.terminal.length;
  const blog = path.join(contentDir, "blog");
  await writeFile(path.join(blog, ".morning-coffee.md.swp"), "vim's swap file, rewritten as the owner types");
  await writeFile(path.join(blog, "evening-walks.md"), ""); // the first write of an in-place save
  await expect.poll(() => dev.terminal.slice(since), { timeout: SAVE_SERVED }).toContain('content/blog/evening-walks.md: field "title" is missing');

  await writeFile(path.join(blog, "morning-coffee.md.tmp"), await newPost("Morning Coffee Check-Ins", "Ten minutes over coffee before the day starts: a small ritual that helps couples plan together and notice each other."));
  await rename(path.join(blog, "morning-coffee.md.tmp"), path.join(blog, "morning-coffee.md"));
  await rm(path.join(blog, ".morning-coffee.md.swp"));
  // The fix last: whatever compiles the rename alone still fails, so the compile that fixes it adds both posts.
  await writeFile(path.join(blog, "evening-walks.md"), await newPost("Evening Walks for Two", "A short walk after dinner, phones at home: how twenty quiet minutes side by side make the hard talks easier."));
  await expect.poll(() => dev.terminal.slice(since), { timeout: SAVE_SERVED * 2 }).toContain("content: the problems are fixed");
  // The first requests for them, as soon as the terminal says so.
  for (const [url, title] of [["/blog/evening-walks", "Evening Walks for Two"], ["/blog/morning-coffee", "Morning Coffee Check-Ins"]]) {
    const response = await get(url!);
    expect(response.status, url).toBe(200);
    expect(heading(await response.text()), url).toBe(title);
  }
});

test("every save of a page shows in the served page, and a broken field shows until it is fixed", async ({ page: browser }) => {
  expect(heading((await html()).text)).toBe("About me");

  const saves = [
    ["in place", changeInPlace, "About me, first edit"],
    ["by rename", changeByRename, "About me, second edit"],
    ["in place after a rename", changeInPlace, "About me, third edit"],
  ] as const;
  for (const [how, save, value] of saves) {
    await save(setHeading(value));
    await expect.poll(async () => heading((await html()).text), { message: `saved ${how}`, timeout: SAVE_SERVED }).toBe(value);
  }

  // A tab left open on a page, its dev client connected (Next's indicator shows once it is).
  await browser.goto(`${origin}/contact`);
  await expect(browser.locator("#devtools-indicator")).toBeVisible({ timeout: SAVE_SERVED });
  await expect(browser.getByRole("heading", { level: 1 })).not.toHaveText("The content has a problem");

  const lastUpdated = /^lastUpdated: (.*)$/m.exec(await readFile(page, "utf8"))?.[1] ?? "";
  await changeInPlace((text) => text.replace(/^lastUpdated: .*$/m, "lastUpdated: 2025-02-30"));
  const problem = 'content/pages/about-me.md: field "lastUpdated": must be a real calendar date';
  // The open tab shows it by itself, as content/README.md promises: "as soon as you save".
  await expect(browser.getByRole("heading", { level: 1 })).toHaveText("The content has a problem", { timeout: SAVE_SERVED });
  await expect(browser.getByText(problem)).toBeVisible();
  expect((await html()).status).toBe(500);
  expect(dev.terminal).toContain(problem);
  // Every page shows it, in plain text, not only the page of the file: no stale facts elsewhere, no blank page.
  for (const url of EVERY_KIND_OF_PAGE) {
    const response = await get(url);
    expect(response.status, url).toBe(500);
    expect(await response.text(), url).toContain(problem);
  }
  await browser.goto(`${origin}/`);
  await expect(browser.getByRole("heading", { level: 1 })).toHaveText("The content has a problem");
  await expect(browser.getByText(problem)).toBeVisible();

  await changeByRename((text) => text.replace("lastUpdated: 2025-02-30", `lastUpdated: ${lastUpdated}`));
  await expect.poll(async () => (await html()).status, { timeout: SAVE_SERVED }).toBe(200);
  const fixed = await html();
  expect(heading(fixed.text)).toBe("About me, third edit");
  expect(fixed.text).not.toContain("must be a real calendar date");
  expect(dev.terminal).toContain("content: the problems are fixed");
  // The page the browser was left on comes back by itself (it loads itself again while the problem stands).
  await expect(browser.getByRole("heading", { level: 1 })).not.toHaveText("The content has a problem", { timeout: SAVE_SERVED });
  for (const url of EVERY_KIND_OF_PAGE.filter((url) => url !== "/no-such-page")) expect((await get(url)).status, url).toBe(200);
});

/** A page of each kind, and a path that is no page: while the content has a problem, each shows it. */
const EVERY_KIND_OF_PAGE = ["/", "/about-me", "/contact", "/policies", "/ratesAndInsurance", "/blog", "/blog/repair-after-an-argument", "/services/seattle/couplesTherapy", "/no-such-page"];

/** Resolves once the terminal says `url` is served (scripts/new-pages.ts). */
const ready = (url: string) => expect.poll(() => dev.terminal, { timeout: SAVE_SERVED * 2, intervals: [1_000] }).toMatch(new RegExp(`new pages ready: (.*, )?${url.replace(/[?]/g, "\\?")}(,|\n)`));

test("a new post is served at its first save, in its own category's list too", async () => {
  await writeFile(
    path.join(contentDir, "blog/weekend-check-ins.md"),
    await newPost(
      "Weekend Check-Ins for Busy Couples",
      "A ten-minute weekend ritual that helps busy couples notice what went well, what hurt, and what each of you needs next week.",
      "Relationship Rituals",
    ),
  );
  await ready("/blog/weekend-check-ins");
  const post = await get("/blog/weekend-check-ins"); // the first request for it
  expect(post.status).toBe(200);
  expect(heading(await post.text())).toBe("Weekend Check-Ins for Busy Couples");
  expect(await (await get("/blog")).text()).toContain('href="/blog/weekend-check-ins"');
  await ready("/blog?category=Relationship%20Rituals");
  const list = await get("/blog?category=Relationship%20Rituals");
  expect(list.status).toBe(200);
  expect(await list.text()).toContain('href="/blog/weekend-check-ins"');
});

test("a new city's pages are served once its folder and its entry in site.config.ts are saved, and a near-copy is named", async () => {
  // As an owner would: copy a city's folder, then add the city to the config.
  const renton = path.join(contentDir, "services/renton");
  const kirkland = path.join(contentDir, "services/kirkland");
  await mkdir(kirkland);
  for (const file of ["index.md", "couplesTherapy.md", "individualTherapy.md", "marathonCouplesTherapy.md"]) {
    const text = await readFile(path.join(renton, file), "utf8");
    await writeFile(path.join(kirkland, file), text.replaceAll("Renton", "Kirkland").replace(/\/services\/renton(\w+)/g, "/services/couplesTherapy"));
  }
  const config = path.join(contentDir, "site.config.ts");
  const source = await readFile(config, "utf8");
  await writeFile(
    config,
    source.replace(
      "  locations: [\n",
      '  locations: [\n    {\n      slug: "kirkland",\n      name: "Kirkland",\n      hasOffice: false,\n      neighbourhoods: ["Juanita", "Totem Lake"],\n      travelNote: "From Kirkland the office is across the lake on SR 520.",\n      parkingNote: "The garage on the office\'s block is the simplest choice.",\n    },\n',
    ),
  );
  for (const url of ["/services/kirkland", "/services/kirkland/couplesTherapy", "/services/kirkland/individualTherapy", "/services/kirkland/marathonCouplesTherapy"]) {
    await ready(url);
    expect((await get(url)).status, url).toBe(200); // the first request for it
  }
  expect(heading(await (await get("/services/kirkland/couplesTherapy")).text())).toContain("Kirkland");
  expect(dev.terminal).toMatch(/content\/services\/kirkland\/couplesTherapy\.md: reads almost the same as content\/services\/renton\/couplesTherapy\.md/);
});

test("the dev overlay has no issue to report about the site's pages (its policy allows React's development eval)", async ({ page: browser }) => {
  const errors: string[] = [];
  browser.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  await browser.goto(`${origin}/about-me`);
  await expect(browser.locator("#devtools-indicator")).toBeVisible({ timeout: 60_000 }); // Next's indicator, in its shadow root
  await browser.waitForLoadState("networkidle");
  expect(errors.filter((text) => /eval|Content Security Policy/i.test(text))).toEqual([]);
  await expect(browser.locator("[data-issues-count-animation]")).toHaveCount(0);
});
