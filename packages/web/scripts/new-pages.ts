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
  /** How long to keep asking (the dev server compiles a route on its first request). */
  timeoutMs?: number;
}

async function askFor(url: string): Promise<{ status: number }> {
  const response = await globalThis.fetch(url);
  await response.body?.cancel();
  return { status: response.status };
}

/** Asks for each URL until it answers 200; returns those that never did within the time allowed. */
export async function warmPages(origin: string, urls: readonly string[], options: WarmOptions = {}): Promise<string[]> {
  const { fetch = askFor, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)), now = Date.now, timeoutMs = 180_000 } = options;
  const deadline = now() + timeoutMs;
  const waiting = new Set(urls);
  while (waiting.size > 0 && now() < deadline) {
    for (const url of waiting) {
      const status = await fetch(`${origin}${url}`).then(
        (response) => response.status,
        () => 0, // the dev server restarting: ask again
      );
      if (status === 200) waiting.delete(url);
    }
    if (waiting.size > 0) await sleep(500);
  }
  return [...waiting];
}
