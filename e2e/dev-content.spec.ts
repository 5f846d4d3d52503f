/**
 * `pnpm dev` as the owner uses it: saved edits to a page appear, however the editor saves (in
 * place, or a temporary file renamed over the old one), save after save; a broken field shows its
 * problem in the terminal and on every page in the browser, and goes away when the file is fixed;
 * a new post, and a new city's pages, are served at their first save; and the dev overlay has no
 * issue to report about the site's own pages.
 *
 * Its own copy of the app (beside packages/, so Next's workspace root and node_modules are the
 * real ones) and of content/, so its edits and its .generated/ touch nothing another test reads.
 * E2E_DEV_PORT (a free port when unset) is the dev server's port; its redirects table listens on a free one.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestStore, type TestStore } from "@practice/redirects/testing/store";
import { LOOKUP_BUDGET, serverPort } from "./helpers";
import { expect, test } from "./fixtures";

let origin: string;
const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "packages/web");
const appCopy = path.join(root, `.dev-test-${process.pid}`, "web");
/** What `pnpm dev` needs of the app; node_modules and public/ (its built images) are shared. */
const APP_FILES = ["app", "components", "lib", "scripts", "proxy.ts", "next.config.ts", "tsconfig.json", "package.json"];

let tempDir: string;
let contentDir: string;
let page: string;
let store: TestStore;
let dev: ChildProcess;
let terminal = "";

test.describe.configure({ mode: "serial" });
test.setTimeout(420_000);

test.beforeAll(async () => {
  test.setTimeout(420_000);
  await mkdir(appCopy, { recursive: true });
  for (const file of APP_FILES) await cp(path.join(webDir, file), path.join(appCopy, file), { recursive: true });
  await symlink(path.join(webDir, "node_modules"), path.join(appCopy, "node_modules"));
  await symlink(path.join(webDir, "public"), path.join(appCopy, "public"));
  tempDir = await mkdtemp(path.join(tmpdir(), "dev-content-"));
  contentDir = path.join(tempDir, "content");
  await cp(path.join(root, "content"), contentDir, { recursive: true });
  page = path.join(contentDir, "pages/about-me.md");

  store = await startTestStore("dev-content");
  const port = await serverPort(process.env.E2E_DEV_PORT, "E2E_DEV_PORT");
  origin = `http://127.0.0.1:${port}`;
  dev = spawn("pnpm", ["run", "dev"], {
    cwd: appCopy,
    env: { ...process.env, ...LOOKUP_BUDGET, PORT: String(port), CONTENT_DIR: contentDir, REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [dev.stdout, dev.stderr]) stream?.on("data", (chunk: Buffer) => (terminal += chunk.toString()));
  await expect.poll(async () => (await get("/about-me").catch(() => undefined))?.status, { timeout: 200_000, intervals: [1_000] }).toBe(200);
});

test.afterAll(async () => {
  if (dev?.pid) await stopGroup(dev.pid);
  await store?.stop().catch(() => {});
  await rm(path.dirname(appCopy), { recursive: true, force: true });
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** Stops the dev server and everything it started, and waits until they are gone (Next writes its cache on the way out). */
async function stopGroup(pid: number) {
  process.kill(-pid, "SIGTERM");
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(-pid, 0);
    } catch {
      return; // no process left in the group
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-pid, "SIGKILL");
}

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

test("every save of a page shows in the served page, and a broken field shows until it is fixed", async ({ page: browser }) => {
  expect(heading((await html()).text)).toBe("About me");

  const saves = [
    ["in place", changeInPlace, "About me, first edit"],
    ["by rename", changeByRename, "About me, second edit"],
    ["in place after a rename", changeInPlace, "About me, third edit"],
  ] as const;
  for (const [how, save, value] of saves) {
    await save(setHeading(value));
    await expect.poll(async () => heading((await html()).text), { message: `saved ${how}`, timeout: 30_000 }).toBe(value);
  }

  const lastUpdated = /^lastUpdated: (.*)$/m.exec(await readFile(page, "utf8"))?.[1] ?? "";
  await changeInPlace((text) => text.replace(/^lastUpdated: .*$/m, "lastUpdated: 2025-02-30"));
  const problem = 'content/pages/about-me.md: field "lastUpdated": must be a real calendar date';
  await expect.poll(async () => (await html()).status, { timeout: 30_000 }).toBe(500);
  expect(terminal).toContain(problem);
  // Every page shows it, in plain text, not only the page of the file: no stale facts elsewhere, no blank page.
  for (const url of EVERY_KIND_OF_PAGE) {
    const response = await get(url);
    expect(response.status, url).toBe(500);
    expect(await response.text(), url).toContain(problem);
  }
  for (const url of ["/", "/contact"]) {
    await browser.goto(`${origin}${url}`);
    await expect(browser.getByRole("heading", { level: 1 })).toHaveText("The content has a problem");
    await expect(browser.getByText(problem)).toBeVisible();
  }

  await changeByRename((text) => text.replace("lastUpdated: 2025-02-30", `lastUpdated: ${lastUpdated}`));
  await expect.poll(async () => (await html()).status, { timeout: 30_000 }).toBe(200);
  const fixed = await html();
  expect(heading(fixed.text)).toBe("About me, third edit");
  expect(fixed.text).not.toContain("must be a real calendar date");
  expect(terminal).toContain("content: the problems are fixed");
  // The page the browser was left on comes back by itself (it loads itself again while the problem stands).
  await expect(browser.getByRole("heading", { level: 1 })).not.toHaveText("The content has a problem", { timeout: 30_000 });
  for (const url of EVERY_KIND_OF_PAGE.filter((url) => url !== "/no-such-page")) expect((await get(url)).status, url).toBe(200);
});

/** A page of each kind, and a path that is no page: while the content has a problem, each shows it. */
const EVERY_KIND_OF_PAGE = ["/", "/about-me", "/contact", "/policies", "/ratesAndInsurance", "/blog", "/blog/repair-after-an-argument", "/services/seattle/couplesTherapy", "/no-such-page"];

/** Resolves once the terminal says `url` is served (scripts/new-pages.ts). */
const ready = (url: string) => expect.poll(() => terminal, { timeout: 200_000, intervals: [1_000] }).toMatch(new RegExp(`new pages ready: (.*, )?${url.replace(/[?]/g, "\\?")}(,|\n)`));

test("a new post is served at its first save, in its own category's list too", async () => {
  const source = await readFile(path.join(contentDir, "blog/repair-after-an-argument.md"), "utf8");
  await writeFile(
    path.join(contentDir, "blog/weekend-check-ins.md"),
    source
      .replace(/^title: .*$/m, 'title: "Weekend Check-Ins for Busy Couples"')
      .replace(/^description: .*$/m, 'description: "A ten-minute weekend ritual that helps busy couples notice what went well, what hurt, and what each of you needs next week."')
      .replace(/^categories: .*$/m, "categories: [Relationship Rituals]"),
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
  expect(terminal).toMatch(/content\/services\/kirkland\/couplesTherapy\.md: reads almost the same as content\/services\/renton\/couplesTherapy\.md/);
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
