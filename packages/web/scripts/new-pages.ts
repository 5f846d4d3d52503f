/**
 * Under `pnpm dev`, the pages a save adds (a post, a service, a city's pages, a blog category),
 * asked for until the dev server serves them, so the owner's first look finds them.
 *
 * Next's dev server decides whether a param of a route with `dynamicParams = false` exists from
 * the params it listed last (generateStaticParams), and lists them again only after answering a
 * request from that old list (next-dev-server.js, getStaticPaths): without this, the first visits
 * to a new post answer 404 until a later request has refreshed the list.
 */
import { categoryHref } from "../lib/routes/blog-categories";

export interface SiteUrls {
  paths: readonly string[];
  categories: readonly string[];
}

/** The URLs of `now` that `before` did not have: new pages, and the lists of new categories. */
export function addedUrls(before: SiteUrls, now: SiteUrls): string[] {
  const known = new Set(before.paths);
  const knownCategories = new Set(before.categories);
  return [...now.paths.filter((path) => !known.has(path)), ...now.categories.filter((name) => !knownCategories.has(name)).map(categoryHref)];
}

export interface WarmOptions {
  fetch?: (url: string) => Promise<{ status: number }>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /**
   * How many times each page is asked for before it is named as late. Counted in answers, not in
   * seconds, so the wait grows with the machine: each answer that is not the page has the dev
   * server list its pages again, however long that takes there.
   */
  patience?: number;
}

/** Asks that go unanswered this long are given up (a hung request, not a slow one: the slowest first answer measured was 69 s). */
const REQUEST_LIMIT_MS = 300_000;
/** The shortest pause between two rounds of asking. */
const MIN_PAUSE_MS = 500;

async function askFor(url: string): Promise<{ status: number }> {
  const response = await globalThis.fetch(url, { signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
  await response.body?.cancel();
  return { status: response.status };
}

/**
 * Asks for each URL until it answers 200; returns those that did not within their patience. Between
 * rounds it waits at least as long as the slowest answer of the round took, so that on a slow
 * machine it never keeps the dev server busier than the owner's own visits do.
 */
export async function warmPages(origin: string, urls: readonly string[], options: WarmOptions = {}): Promise<string[]> {
  const { fetch = askFor, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = Date.now, patience = 40 } = options;
  const asked = new Map(urls.map((url) => [url, 0]));
  const late: string[] = [];
  while (asked.size > 0) {
    let slowest = 0;
    for (const [url, times] of asked) {
      const started = now();
      const status = await fetch(`${origin}${url}`).then(
        (response) => response.status,
        () => 0, // no answer (the dev server restarting, or hung): ask again
      );
      slowest = Math.max(slowest, now() - started);
      if (status === 200) asked.delete(url);
      else if (times + 1 >= patience) {
        asked.delete(url);
        late.push(url);
      } else asked.set(url, times + 1);
    }
    if (asked.size > 0) await sleep(Math.max(MIN_PAUSE_MS, slowest));
  }
  return late;
}
