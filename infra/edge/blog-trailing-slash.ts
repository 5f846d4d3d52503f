/**
 * The blog trailing-slash rule for CloudFront's viewer-request function. Its code is the plain
 * JavaScript in blog-trailing-slash.cf.js, read as text: that text, unchanged, is what SST injects
 * and what the tests execute, so there is no second copy to drift.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

// sst runs the config from the repository root; so do the tests.
const source = readFileSync(path.join(process.cwd(), "infra/edge/blog-trailing-slash.cf.js"), "utf8");

export const BLOG_TRAILING_SLASH_INJECTION = `${source}
const blogRedirect = blogTrailingSlashRedirect(event.request);
if (blogRedirect) return blogRedirect;`;
