/**
 * Writes a small but complete content tree to a temporary folder, for tests of the compiler and
 * of the build step. Tests break one file at a time and check the error names it.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterEach, beforeEach } from "vitest";
import { REQUIRED_NOTICES } from "../loaders/notices";
import { REQUIRED_PAGES } from "../loaders/pages";
import { CORE_SERVICES } from "../../content/core-services";

export const REAL_CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../content");

/** The fixture's own site config (./site-config.ts): nothing here reads the owner's content/. */
export const FIXTURE_CONFIG = path.join(path.dirname(fileURLToPath(import.meta.url)), "site-config.ts");

/** A content/site.config.ts that is the fixture's config with `overrides` (TypeScript object entries, `base` in scope). */
export const siteConfigSource = (overrides = "") =>
  `import base from ${JSON.stringify(FIXTURE_CONFIG)};\nexport default { ...base, ${overrides} };\n`;

/** A small JPEG of one color, made on the spot. */
const sampleJpeg = (color = "#8fb3a0", width = 96, height = 64) =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

/** A post's main picture must be wide (checks/main-images.ts): a strip as wide as it must be, few pixels to encode. */
const mainPicture = () => sampleJpeg("#8fb3a0", 1200, 16);

const LOREM =
  "Couples often arrive after months of the same argument. In the first sessions we slow the pattern down, name what each of you is protecting, and practice one new move at a time.";

export function frontMatter(fields: Record<string, unknown>, body = LOREM): string {
  const yaml = Object.entries(fields)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join("\n");
  return `---\n${yaml}\n---\n\n## A section\n\n${body}\n`;
}

/** Each page's own description, as search results want (the content checks warn about two alike). */
const description = (key: string) => `A description of ${key}, long enough for search engines to show under the title of this page.`;

/** A privacy policy that states what the analytics code does (the build checks it: checks/privacy-policy.ts). */
export const PRIVACY_POLICY_BODY = `Google Analytics runs {{analytics.runs}}.

Your answer is kept in your browser's local storage, under the name \`analytics-consent\`.

- \`analytics_storage\`: **granted**. Analytics cookies.
- \`ad_storage\`: **denied**. No advertising cookies.
- \`ad_user_data\`: **denied**. Nothing sent for advertising.
- \`ad_personalization\`: **denied**. No personalized advertising.
- \`functionality_storage\`: **granted**. A site's own features.
- \`security_storage\`: **granted**. Security.

If your browser sends the GPC signal, the site does not load Google Tag Manager.
See the [Consumer Health Data Privacy Policy](/consumer-health-data-privacy-policy).
`;

export async function writeFixture(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "content-fixture-"));
  const contentDir = path.join(dir, "content");
  await mkdir(contentDir);
  for (const sub of ["images", "media"]) await mkdir(path.join(contentDir, sub));
  await writeFile(path.join(contentDir, "images/portrait.jpg"), await sampleJpeg("#6b8f7a"));
  await writeFile(path.join(contentDir, "images/blog-kites.jpg"), await mainPicture());
  await writeFile(path.join(contentDir, "media/intro-poster.jpg"), await sampleJpeg("#203040"));
  await writeFile(path.join(contentDir, "media/intro.mp4"), "not really a video: media files are copied as they are");
  await writeFile(path.join(contentDir, "media/intro.vtt"), "WEBVTT\n\n00:00.000 --> 00:02.000\nHi.\n");
  await writeFile(path.join(contentDir, "site.config.ts"), siteConfigSource());

  const files: Record<string, string> = {};
  for (const key of REQUIRED_PAGES) {
    files[`pages/${key}.md`] = frontMatter({
      title: key === "index" ? "Home" : key,
      description: description(key),
      keywords: [key],
      lastUpdated: "2026-05-01",
      ...(key === "index" && { navOrder: 1, breadcrumb: "Home" }),
      ...(key === "about-me" && { navOrder: 2, breadcrumb: "About" }),
    }, key === "privacy-policy" ? PRIVACY_POLICY_BODY : undefined);
  }
  for (const slug of CORE_SERVICES) {
    files[`services/${slug}.md`] = frontMatter({
      title: `${slug} in Seattle`,
      description: description(slug),
      keywords: [slug],
      service: slug,
      summary: "A summary.",
      breadcrumb: slug,
      lastUpdated: "2026-05-01",
    });
    files[`services/seattle/${slug}.md`] = frontMatter({
      title: `${slug} for Seattle`,
      description: description(`${slug} for Seattle`),
      keywords: [slug],
      breadcrumb: slug,
      summary: "A summary.",
      lastUpdated: "2026-05-01",
    });
  }
  files["services/seattle/index.md"] = frontMatter({
    title: "Therapy in Seattle",
    description: description("therapy in Seattle"),
    keywords: ["seattle"],
    breadcrumb: "Seattle",
    summary: "A summary.",
    lastUpdated: "2026-05-01",
  });
  files["blog/a-first-post.md"] = frontMatter({
    title: "A first post",
    description: description("the first post"),
    author: "Jordan Ellis, LMFT",
    date: "2026-04-01",
    categories: ["Couples Therapy"],
    image: "/images/blog-kites.jpg",
    imageAlt: "Two kites",
  });
  for (const key of REQUIRED_NOTICES) files[`notices/${key}.md`] = frontMatter({ title: key, lastUpdated: "2026-05-01" });
  files["faqs.md"] = `---\ntitle: FAQ\nlastUpdated: 2026-05-01\n---\n\n# Getting started\n\n## How long is a session?\n\nEighty minutes for couples.\n`;

  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(contentDir, file)), { recursive: true });
    await writeFile(path.join(contentDir, file), text);
  }
  return contentDir;
}

/**
 * A fresh copy of the fixture content and an empty public/ for each test of the file that calls
 * this (vitest's beforeEach/afterEach), removed afterwards. Read `dirs.content` and `dirs.public`.
 */
export function fixtureDirsForEachTest(): { content: string; public: string } {
  const dirs = { content: "", public: "" };
  beforeEach(async () => {
    dirs.content = await writeFixture();
    dirs.public = await mkdtemp(path.join(tmpdir(), "public-"));
  });
  afterEach(async () => {
    await rm(path.dirname(dirs.content), { recursive: true, force: true });
    await rm(dirs.public, { recursive: true, force: true });
  });
  return dirs;
}
