/**
 * The visit counter's endpoint (app/visit/route.ts) on this server: the beacon's body read up to
 * its limit, the page it names mapped to a published path, and the count added to the visits table
 * (@practice/visits decides what counts). Nothing of the request is logged; a lost count is logged
 * by the failure's kind alone. The answer is 204 or a 4xx, never a 5xx.
 */
import "server-only";
import { countVisit, MAX_BEACON_BYTES, OTHER_PAGE, type Outcome, VisitsTable, visitsTableFromEnv } from "@practice/visits";
import blogCategories from "@/.generated/blog-categories.json";
import pagePaths from "@/.generated/routes.json";
import { site } from "@/lib/content";
import { categoryHref, findCategory } from "@/lib/routes/blog-categories";

/** The site's pages, as the content compile lists them (the site index's paths). */
const published: ReadonlySet<string> = new Set(pagePaths);

/** The published path a page counts under: one of the site's pages, a blog category's list, or OTHER_PAGE. */
export function countedPage(path: string, category: string | undefined): string {
  if (category !== undefined) {
    const known = path === "/blog" ? findCategory(category, blogCategories) : undefined;
    return known ? categoryHref(known.name) : OTHER_PAGE;
  }
  return published.has(path) ? path : OTHER_PAGE;
}

let table: VisitsTable | null | undefined;

/** The table of this process, from the SST link (in AWS) or VISITS_TABLE (locally); null without one. */
function visitsTable(): VisitsTable | null {
  if (table !== undefined) return table;
  const location = visitsTableFromEnv();
  if (!location) console.error("[visits] no visits table configured (SST link or VISITS_TABLE): page views are not counted");
  // A beacon waits for its write (a Lambda is frozen once it answers), but not for long.
  table = location ? VisitsTable.at(location, { requestTimeoutMs: 1000, maxAttempts: 2 }) : null;
  return table;
}

/** The body, or undefined once it passes `limit` bytes (read no further). */
export async function readBody(request: Request, limit: number): Promise<string | undefined> {
  if (Number(request.headers.get("content-length")) > limit) return undefined;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const answer = (outcome: Pick<Outcome, "status">) => new Response(null, { status: outcome.status, headers: { "Cache-Control": "no-store" } });

export async function answerBeacon(request: Request, now: () => Date = () => new Date()): Promise<Response> {
  try {
    const outcome = await countVisit(
      { body: await readBody(request, MAX_BEACON_BYTES), header: (name) => request.headers.get(name) },
      { pageOf: countedPage, timeZone: site.timeZone, now, table: visitsTable() ?? undefined },
    );
    if (outcome.status === 204 && !outcome.counted && outcome.why === "the table failed") console.error(`[visits] a count was lost: ${(outcome.failure as Error)?.name ?? "unknown failure"}`);
    return answer(outcome);
  } catch (error) {
    // A body that broke off, a bug: the visitor's browser never sees a 5xx for a count.
    console.error(`[visits] a beacon was not counted: ${(error as Error)?.name ?? "unknown failure"}`);
    return answer({ status: 204 });
  }
}
