/**
 * The site's content, compiled at build time by `pnpm content` (scripts/content.ts). Pages read
 * it from here only: nothing reads content/ at request time, so a Lambda needs no files beside
 * its bundle.
 */
import "server-only";
import compiled from "../../.generated/content.json";
import type { Content } from "./types";

// While `pnpm dev` shows content problems, the proxy answers every page with them instead
// (./problems-page.ts): this stays the last content that compiled.
export const content = compiled as unknown as Content;
export const site = content.site;
