/**
 * The blog trailing-slash rule for CloudFront's viewer-request function. Its code is the plain
 * JavaScript in blog-trailing-slash.cf.js, read as text: that text, unchanged, is what SST injects
 * and what the tests execute, so there is no second copy to drift.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// sst runs the config from the repository root; so do the tests.
const source = readFileSync(path.join(process.cwd(), "infra/edge/blog-trailing-slash.cf.js"), "utf8");

/**
 * The blog and its posts, from the content itself (a post's path is /blog/<file name>), so the
 * list is right at deploy time without a build. About 40 bytes a post inside CloudFront's 10 KB
 * function limit (the infra tests check the size): past a few hundred posts, move it to a
 * CloudFront KeyValueStore.
 */
export const BLOG_PAGES = [
  "/blog",
  ...readdirSync(path.join(process.cwd(), "content/blog"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `/blog/${name.slice(0, -".md".length)}`)
    .sort(),
];

export const BLOG_TRAILING_SLASH_INJECTION = `${source}
const blogRedirect = blogTrailingSlashRedirect(event.request, ${JSON.stringify(BLOG_PAGES)});
if (blogRedirect) return blogRedirect;`;
