/**
 * Writes a small but complete content tree to a temporary folder, for tests of the compiler and
 * of the build step. Tests break one file at a time and check the error names it.
 */
import { cp, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REQUIRED_NOTICES } from "../loaders/notices";
import { REQUIRED_PAGES } from "../loaders/pages";
import { CORE_SERVICES } from "../schema";

export const REAL_CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../../content");

const LOREM =
  "Couples often arrive after months of the same argument. In the first sessions we slow the pattern down, name what each of you is protecting, and practise one new move at a time.";

export function frontMatter(fields: Record<string, unknown>, body = LOREM): string {
  const yaml = Object.entries(fields)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join("\n");
  return `---\n${yaml}\n---\n\n## A section\n\n${body}\n`;
}

const description = "A description long enough for search engines to show under the title of this page.";

export async function writeFixture(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "content-fixture-"));
  const contentDir = path.join(dir, "content");
  await mkdir(contentDir);
  for (const sub of ["images", "media"]) {
    await cp(path.join(REAL_CONTENT_DIR, sub), path.join(contentDir, sub), { recursive: true });
  }
  // The real config, trimmed to one city so the fixture stays small.
  await writeFile(
    path.join(contentDir, "site.config.ts"),
    `import real from ${JSON.stringify(path.join(REAL_CONTENT_DIR, "site.config.ts"))};\n` +
      `export default { ...real, locations: real.locations.filter((l) => l.slug === "seattle") };\n`,
  );

  const files: Record<string, string> = {};
  for (const key of REQUIRED_PAGES) {
    files[`pages/${key}.md`] = frontMatter({
      title: key === "index" ? "Home" : key,
      description,
      keywords: [key],
      lastUpdated: "2026-05-01",
      ...(key === "index" && { navOrder: 1, breadcrumb: "Home" }),
      ...(key === "about-me" && { navOrder: 2, breadcrumb: "About" }),
    });
  }
  for (const slug of CORE_SERVICES) {
    files[`services/${slug}.md`] = frontMatter({
      title: `${slug} in Seattle`,
      description,
      keywords: [slug],
      service: slug,
      summary: "A summary.",
      breadcrumb: slug,
      lastUpdated: "2026-05-01",
    });
    files[`services/seattle/${slug}.md`] = frontMatter({
      title: `${slug} for Seattle`,
      description,
      keywords: [slug],
      breadcrumb: slug,
      summary: "A summary.",
      lastUpdated: "2026-05-01",
    });
  }
  files["services/seattle/index.md"] = frontMatter({
    title: "Therapy in Seattle",
    description,
    keywords: ["seattle"],
    breadcrumb: "Seattle",
    summary: "A summary.",
    lastUpdated: "2026-05-01",
  });
  files["blog/a-first-post.md"] = frontMatter({
    title: "A first post",
    description,
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
