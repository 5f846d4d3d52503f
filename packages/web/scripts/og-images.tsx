/**
 * `pnpm og`: every page's 1200x630 sharing image, drawn with next/og at build time (local fonts
 * only) into public/generated/og/. They are static files served from S3 through CloudFront, so the
 * server Lambda carries no image renderer. An image is redrawn only when its title changes.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ImageResponse } from "next/og";
import type { Content } from "../lib/content/types";
import { buildRegistry } from "../lib/routes/registry";
import { OgCard } from "../lib/seo/og-card";
import { OG_SIZE, ogImagePath } from "../lib/seo/og";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const content = JSON.parse(readFileSync(path.join(webDir, ".generated/content.json"), "utf8")) as Content;
const fonts = [
  { name: "Fraunces", data: readFileSync(path.join(webDir, "lib/seo/og-fonts/fraunces-latin-600-normal.woff")), weight: 600 as const, style: "normal" as const },
  { name: "Source Sans 3", data: readFileSync(path.join(webDir, "lib/seo/og-fonts/source-sans-3-latin-400-normal.woff")), weight: 400 as const, style: "normal" as const },
];
const manifestFile = path.join(webDir, "public/generated/og/manifest.json");
const previous: Record<string, string> = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, "utf8")) : {};
const manifest: Record<string, string> = {};

const started = performance.now();
let drawn = 0;
const { site } = content;
const cardVersion = createHash("sha256").update(readFileSync(path.join(webDir, "lib/seo/og-card.tsx"))).digest("hex");
for (const entry of buildRegistry(content)) {
  const file = path.join(webDir, "public", ogImagePath(entry.path));
  const key = createHash("sha256").update(JSON.stringify([cardVersion, entry.title, site.siteName, site.therapist.name, site.address.locality])).digest("hex");
  manifest[entry.path] = key;
  if (previous[entry.path] === key && existsSync(file)) continue;
  const image = new ImageResponse(<OgCard title={entry.title} site={site} />, { ...OG_SIZE, fonts });
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.from(await image.arrayBuffer()));
  drawn++;
}
await writeFile(manifestFile, JSON.stringify(manifest));
console.log(`og: ${Object.keys(manifest).length} sharing images, ${drawn} drawn (${Math.round(performance.now() - started)} ms)`);
