/**
 * How the smoke set (smoke.spec.ts) talks to a stage: one request at a time, never following a
 * redirect (each check reads the redirect itself), only to the hosts the stage owns, and never
 * reading more of a body than a page can be. A stage that redirects off-site or sends an endless
 * body fails its check instead of taking the smoke set somewhere else, or its memory.
 */

/** More than any page of the site (the largest is about 150 KB); a body past it is cut and flagged. */
export const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface SmokeResponse {
  status: number;
  headers: Headers;
  /** The body as text, at most BODY_LIMIT_BYTES of it. */
  text: string;
  /** Whether the body was longer than BODY_LIMIT_BYTES (and so cut). */
  truncated: boolean;
  url: string;
}

interface SmokeClient {
  get(pathOrUrl: string, options?: { method?: "GET" | "HEAD"; headers?: Record<string, string> }): Promise<SmokeResponse>;
}

/**
 * A client for the stage at `base`: a path is on the stage's host; a full URL is accepted only on
 * `base`'s host or one of `extraHosts` (the stage's own bare domain), else refused before any request.
 */
export function smokeClient(base: string, { extraHosts = [], limit = BODY_LIMIT_BYTES, userAgent }: { extraHosts?: string[]; limit?: number; userAgent?: string } = {}): SmokeClient {
  const origin = new URL(base);
  const allowed = new Set([origin.hostname, ...extraHosts]);
  return {
    async get(pathOrUrl, { method = "GET", headers = {} } = {}) {
      const url = new URL(pathOrUrl, origin);
      if (!allowed.has(url.hostname)) throw new Error(`the smoke set stays on the stage's hosts (${[...allowed].join(", ")}): refused ${url.href}`);
      const response = await fetch(url, { method, redirect: "manual", headers: { ...(userAgent && { "user-agent": userAgent }), ...headers }, signal: AbortSignal.timeout(20_000) });
      const { text, truncated } = await readCapped(response, limit);
      return { status: response.status, headers: response.headers, text, truncated, url: url.href };
    },
  };
}

/** At most `limit` bytes of the body; the rest is not read (the stream is cancelled). */
async function readCapped(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: "", truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size));
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks).toString("utf8"), truncated };
}

/**
 * What is wrong with a legacy URL's answer: nothing when it is one 301 to `to`. Asked once, as a
 * visitor asks: a server function that has just started waits for the table's first read (up to
 * its cold budget, README "Redirects from the old site"), so a 404 here is a 404 a visitor following
 * the old link got too, on a cold start as much as on a warm one.
 */
export async function legacyProblems(client: SmokeClient, { from, to }: { from: string; to: string }): Promise<string[]> {
  const response = await client.get(from);
  const location = response.headers.get("location");
  if (response.status === 301 && location === to) return [];
  const why = response.status === 404 ? " (the page went out without its redirect: the row is missing, or the table was not read in time)" : "";
  return [`${from} answered ${response.status}${location ? ` to ${location}` : ""}, not one 301 to ${to}${why}`];
}

/** robots.txt's verdict for all crawlers: whether `User-agent: *` may fetch `/`. */
export function robotsAllowsAll(text: string): boolean {
  let forAll = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, "").trim();
    const [field, ...rest] = line.split(":");
    const value = rest.join(":").trim();
    if (/^user-agent$/i.test(field ?? "")) forAll = value === "*";
    else if (forAll && /^disallow$/i.test(field ?? "") && value === "/") return false;
  }
  return true;
}
