/**
 * The site's content, compiled at build time by `pnpm content` (scripts/content.ts). Pages read
 * it from here only: nothing reads content/ at request time, so a Lambda needs no files beside
 * its bundle.
 */
import "server-only";
import compiled from "../../.generated/content.json";
import status from "../../.generated/content-status.json";
import type { Content, ContentStatus } from "./types";

// While `pnpm dev` shows content problems, the proxy answers every page with them instead
// (./problems-page.ts): this stays the last content that compiled.
export const content = compiled as unknown as Content;
export const site = content.site;

/**
 * The last compile's outcome. The proxy reads it from disk on each request (./problems-page.ts);
 * it is imported here so that under `pnpm dev` a save that breaks the content changes every page's
 * modules, as a save that changes the content does: Next then refreshes the open tabs, and the
 * proxy answers them with the problems, with no reload by the owner.
 */
export const compileStatus = status as ContentStatus;
