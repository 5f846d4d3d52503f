import { clientComponentElements, copiesOf, documentParts, inlinedCssLines, jsonLdBlocks } from "@practice/web/document-copies";
import { expect, test } from "./fixtures";
import { PAGES, POSTS, postPath } from "./site";

/**
 * What a page's document repeats. With `experimental.inlineCss`, Next writes each stylesheet into
 * the <style> the browser paints with and, unavoidably, into React's flight payload for hydration:
 * twice. A third copy came from Next collecting global-error's styles without knowing the root
 * layout's (vercel/next.js#98110, patched in patches/next@16.4.6.patch; this test fails without
 * that part of the patch). The JSON-LD graph is data for crawlers only and is written once.
 */
const paths = [...PAGES.map((entry) => entry.path), ...POSTS.map(postPath), "/blog?category=Couples%20Therapy"];

async function parts(request: import("@playwright/test").APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(200);
  return documentParts(await response.text());
}

test("each document carries its stylesheet at most twice: the <style> and React's copy", async ({ request }) => {
  for (const path of paths) {
    const page = await parts(request, path);
    const lines = inlinedCssLines(page);
    expect(lines.length, `${path}: inlined CSS`).toBeGreaterThan(5);
    const repeated = lines.filter((line) => copiesOf(page, line) > 2).map((line) => `${line.slice(0, 60)}… ×${copiesOf(page, line)}`);
    expect(repeated, path).toEqual([]);
  }
});

/**
 * Pages with many links to the site's own pages: the sitemap, a service page (nav, cards, prose,
 * footer) and a post. Each link is a plain <a> from the server, and one listener on the document
 * follows and prefetches them all (components/prefetch/IntentNavigation.tsx); a client component
 * per link was 16–31 components to hydrate on every page.
 */
const LINK_HEAVY = [
  { path: "/sitemap", atLeastLinks: 50 },
  { path: "/services/couplesTherapy", atLeastLinks: 25 },
  { path: postPath(POSTS[0]!), atLeastLinks: 20 },
];
/** What the root layout hydrates, whatever the page: the navigation with its menus, the build watcher, the link listener. */
const LAYOUT_CLIENT_COMPONENTS = { MainNav: 1, BuildWatcher: 1, IntentNavigation: 1 };

test("links hydrate nothing of their own: no client component is rendered once per link", async ({ request }) => {
  for (const { path, atLeastLinks } of LINK_HEAVY) {
    const page = await parts(request, path);
    const siteLinks = page.markup.match(/<a [^>]*\bdata-nav=""/g) ?? [];
    expect(siteLinks.length, `${path}: links to the site's pages`).toBeGreaterThanOrEqual(atLeastLinks);
    const elements = clientComponentElements(page);
    for (const [name, count] of Object.entries(LAYOUT_CLIENT_COMPONENTS)) expect(elements.get(name), `${path}: ${name}`).toBe(count);
    // Next's own boundaries (one or two per route segment) and the not-found view's path are a few
    // per document; a component per link would be dozens.
    const many = [...elements].filter(([, count]) => count > 10).map(([name, count]) => `${name || "(default export)"} ×${count}`);
    expect(many, path).toEqual([]);
  }
});

test("each document carries its JSON-LD once", async ({ request }) => {
  for (const path of paths) {
    const page = await parts(request, path);
    const [graph, ...others] = jsonLdBlocks(page);
    expect(others, `${path}: one JSON-LD block`).toEqual([]);
    expect(graph, `${path}: a JSON-LD block`).toBeDefined();
    expect(copiesOf(page, graph!), path).toBe(1);
  }
});

test("the JSON-LD survives hydration: React takes the script the HTML carries, text and all", async ({ page, request }) => {
  for (const path of ["/", "/blog/seasonal-low-mood-pacific-northwest"]) {
    const [graph] = jsonLdBlocks(await parts(request, path));
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
    await page.goto(path);
    const script = page.locator('script[type="application/ld+json"]');
    // React marks each element it hydrated with its fiber: this one is React's, not left over.
    await expect.poll(() => script.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")))).toBe(true);
    expect(await script.evaluate((element) => element.textContent)).toBe(graph);
    expect(errors, path).toEqual([]);
  }
});

test("a page reached by a link has its own JSON-LD", async ({ page }) => {
  await page.goto("/blog");
  const post = POSTS[0]!;
  await page.locator(`main a[href="${postPath(post)}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${postPath(post)}$`));
  const graph = page.locator('script[type="application/ld+json"]');
  await expect(graph).toHaveCount(1);
  await expect.poll(async () => JSON.parse((await graph.textContent()) ?? "{}")["@graph"]?.some((node: { "@id"?: string }) => node["@id"]?.endsWith(`${postPath(post)}#webpage`))).toBe(true);
});
