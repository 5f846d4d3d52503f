/**
 * The blog trailing-slash rule for CloudFront's viewer-request function. Its code is the plain
 * JavaScript in blog-trailing-slash.cf.js, read as text: that text, unchanged, is what SST injects
 * and what the tests and `pnpm preview` execute, so there is no second copy to drift.
 *
 * A /blog/ path ending in "/" whose path without its slashes is one of the blog's own pages gets a
 * 301 to that path, query kept. Any other /blog/…/ path goes on to the site, whose proxy answers it
 * in ONE redirect: to a legacy row's target if the table has one, else to the path without the
 * slash (redirecting every /blog/…/ here would make a legacy /blog/old-post/ two hops).
 *
 * The blog's pages are keys in the CloudFront KeyValueStore the function reads (web.ts), not a
 * list in its code: a function is capped at 10 KB, a store at 5 MB. They come from the compiled
 * content (infra/content.ts, the build's own compiler), so a post the compiler rejects never
 * reaches the edge: the deploy stops first.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

// sst runs the config from the repository root; so do the tests and the preview.
export const BLOG_RULE_SOURCE = readFileSync(path.join(process.cwd(), "infra/edge/blog-trailing-slash.cf.js"), "utf8");

/**
 * The rule's keys in the store (`blog:/blog/post-slug`). SST's router keeps its keys under 4
 * hexadecimal digits (an MD5 prefix), which "blog" can never be: SST's purge of its own namespace
 * never removes these.
 */
export const BLOG_KV_NAMESPACE = "blog";

/** The blog and its posts among the site's page paths: the rule's keys, one a page (without the namespace). */
export function blogPages(routes: readonly string[]): string[] {
  if (!routes.includes("/blog")) throw new Error("The compiled page paths have no /blog: not the site's list of pages.");
  return routes.filter((page) => page === "/blog" || page.startsWith("/blog/"));
}
