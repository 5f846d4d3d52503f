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
 * content (.generated/routes.json, written by `pnpm content` during the build), so a post the
 * content compiler rejected never reaches the edge.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

// sst runs the config from the repository root; so do the tests and the preview.
export const BLOG_RULE_SOURCE = readFileSync(path.join(process.cwd(), "infra/edge/blog-trailing-slash.cf.js"), "utf8");

/** The rule's keys in the store (`blog:/blog/post-slug`); SST's router uses its own 4-character namespace. */
export const BLOG_KV_NAMESPACE = "blog";

/** Where `pnpm content` writes the compiled content (GENERATED_DIR: the same override it honours). */
export const generatedDir = () => path.resolve(process.env.GENERATED_DIR ?? path.join(process.cwd(), "packages/web/.generated"));

/** The blog and its posts, from the compiled routes: the store's entries, one key a page. */
export function blogPageEntries(dir = generatedDir()): Record<string, string> {
  const file = path.join(dir, "routes.json");
  let routes: unknown;
  try {
    routes = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`The edge's list of blog pages comes from the compiled content, ${file}, which could not be read (${(error as Error).message}). Build the site first: pnpm build:lambda.`);
  }
  if (!Array.isArray(routes) || !routes.includes("/blog")) throw new Error(`${file} is not the site's list of page paths with /blog in it.`);
  const pages = routes.filter((page): page is string => typeof page === "string" && (page === "/blog" || page.startsWith("/blog/")));
  return Object.fromEntries(pages.map((page) => [page, "1"]));
}
