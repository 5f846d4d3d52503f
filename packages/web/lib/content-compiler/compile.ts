/**
 * The content compiler: reads `content/`, validates every file, renders markdown, builds the
 * responsive images, and returns the whole site's content as one JSON-serialisable object.
 * Each collection has its loader (./loaders); every problem any of them finds is reported, each
 * naming the file and the field, before the build fails. The site config comes first: when it does
 * not load, only its own problems are reported (nothing else can be checked without its facts).
 * Once everything reads, the content checks (./checks) warn about what no one file shows.
 */
import { runContentChecks } from "./checks";
import { ContentReader } from "./loaders/reader";
import { buildAssets, checkAssets } from "./loaders/assets";
import { loadFaq } from "./loaders/faqs";
import { checkInternalLinks } from "./loaders/links";
import { loadLocations } from "./loaders/locations";
import { loadNotices } from "./loaders/notices";
import { loadPages } from "./loaders/pages";
import { loadPosts } from "./loaders/posts";
import { loadServices } from "./loaders/services";
import { loadSiteConfig } from "./loaders/site-config";
import { ContentError, type Problem, Problems } from "./problems";
import type { Content } from "../content/types";

export { ContentError } from "./problems";

interface CompileOptions {
  contentDir: string;
  /** Where image variants and media are written (the web app's public/ folder). */
  publicDir: string;
  /** `YYYY-MM-DD`, the latest date content may carry; today (UTC) unless a test fixes it. */
  today?: string;
  /** "describe": name the image variants and media files without making them (the typecheck). */
  assets?: "write" | "describe";
  /** Told what the owner should know but that does not stop the build (short pages, near-copies, typos…). */
  onWarnings?: (warnings: Problem[]) => void;
}

export async function compileContent({ contentDir, publicDir, today, assets = "write", onWarnings }: CompileOptions): Promise<Content> {
  const problems = new Problems();
  const reader = new ContentReader(contentDir, problems, today ?? new Date().toISOString().slice(0, 10));

  const site = await loadSiteConfig(reader);
  // Every other file is read with the config's facts, cities and pages: without them each token,
  // city page and link would look wrong too, burying the one real mistake.
  if (!site) {
    throw new ContentError(problems.list, `The other files are checked once ${reader.display(reader.path("site.config.ts"))} has no problems.`);
  }
  const pages = await loadPages(reader);
  const services = await loadServices(reader, site);
  const { locations, locationServices } = await loadLocations(reader, site, services);
  const posts = await loadPosts(reader, site);
  const notices = await loadNotices(reader);
  const faq = await loadFaq(reader);
  await checkAssets(reader, site);
  checkInternalLinks(reader, { pages, services, locations, locationServices, posts });

  if (problems.any) throw new ContentError(problems.list);

  const { images, media } = await buildAssets(reader, site, publicDir, { write: assets === "write" });
  if (problems.any) throw new ContentError(problems.list);
  const content: Content = { site, pages, services, locations, locationServices, posts, faq, notices, images, media };
  await runContentChecks(content, { contentDir, warn: (file, message, field) => problems.warn(file, message, field) });
  if (problems.warnings.length > 0) onWarnings?.(problems.warnings);
  return content;
}
