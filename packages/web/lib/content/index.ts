/**
 * The site's content, compiled at build time by `pnpm content` (scripts/content.ts). Pages read
 * it from here only: nothing reads content/ at request time, so a Lambda needs no files beside
 * its bundle.
 */
import "server-only";
import compiled from "../../.generated/content.json";
import status from "../../.generated/content-status.json";
import type { Content, ContentStatus } from "./types";

// While `pnpm dev` runs, a save that breaks the content makes every page show the problem (Next's
// error overlay) until the file is fixed; a build never gets here with problems.
const { problems } = status as ContentStatus;
if (problems) throw new Error(problems);

export const content = compiled as unknown as Content;
export const site = content.site;
