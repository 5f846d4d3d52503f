/**
 * The proxy, request by request: what each answers (status, Location, Cache-Control, the policy)
 * and what it tells the page it passes on (Next's rewrite, the request headers the page reads).
 * Its own site: the pages, categories and redirect rows below, written by hand; the lookup is the
 * real one (RedirectLookup) over a table in memory. The browser suite (e2e/redirects.spec.ts,
 * e2e/errors.spec.ts) checks the same things through a real server; this table fails first.
 */
import { RedirectLookup, type StoredItem } from "@practice/redirects";
import * as pageStaticInfo from "next/dist/build/analysis/get-page-static-info";
import { getMiddlewareRouteMatcher } from "next/dist/shared/lib/router/utils/middleware-route-matcher";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** The value the proxy marks its own rewrites with (in production, each process makes its own). */
const TOKEN = vi.hoisted(() => (process.env.SITE_INTERNAL_TOKEN = "5f0c2a9e-8d1b-4c3a-9e7f-2b6d4a1c8e30"));

const state = vi.hoisted(() => ({
  lookup: null as unknown,
  rows: {} as Record<string, StoredItem>,
  reads: [] as string[],
  tableDown: false,
  problems: null as string | null,
}));

vi.mock("@/.generated/routes.json", () => ({
  default: ["/", "/about-me", "/ratesAndInsurance", "/contact", "/FAQPage", "/blog", "/blog/pursue-withdraw-cycle", "/services/couplesTherapy", "/blog-by-category/couples-therapy", "/blog-by-category/_none"],
}));
// The addresses this site published and has since moved or removed (content/published.json),
// one of them written wrong (the compile refuses such a file; the proxy drops the entry).
vi.mock("@/.generated/published.json", () => ({
  default: { moved: { "/blog/old-name": "/blog/pursue-withdraw-cycle", "/services/old-service": "/services/couplesTherapy", "/written-wrong": "not a path" }, gone: ["/blog/holiday-hours-2025"] },
}));
vi.mock("@/.generated/blog-categories.json", () => ({ default: [{ name: "Couples Therapy", slug: "couples-therapy" }] }));
vi.mock("@/lib/redirects", () => ({ redirectLookup: () => state.lookup }));
// What `pnpm dev` reports of the content (null: nothing wrong); the page it shows is the real one.
vi.mock("@/lib/content/problems-page", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/content/problems-page")>()),
  contentProblems: () => state.problems,
}));

const { proxy, config } = await import("./proxy");

const ROWS: StoredItem[] = [
  { from: "/about", to: "/about-me" },
  { from: "/rates", to: "/ratesAndInsurance" },
  { from: "/blog/category/couples", to: "/blog?category=Couples%20Therapy" },
  { from: "/book-now", to: "https://booking.example.com/cedar-and-sound", status: 302 },
  { from: "/fees", to: "/FAQPage#fees" },
  { from: "/intake", to: "/contact", status: 307 },
  { from: "/about-us.php", to: "/about-me" },
  { from: "/blog/why-the-same-fight-keeps-happening", to: "/blog/pursue-withdraw-cycle" },
  { from: "/%C3%BCber-uns", to: "/about-me" },
  // Legacy rows pointing at addresses this site has since moved.
  { from: "/old-blog-link", to: "/blog/old-name" },
  { from: "/old-q", to: "/blog/old-name?src=old" },
  { from: "/promo", to: "/services/old-service", status: 302 },
];

function newLookup() {
  return new RedirectLookup({
    read: async (key) => {
      state.reads.push(key);
      if (state.tableDown) throw Object.assign(new Error("connect ECONNREFUSED"), { name: "TimeoutError" });
      return state.rows[key];
    },
    budgetMs: 1000,
    coldBudgetMs: 1000,
    failureThreshold: 5,
    cooldownMs: 30_000,
    ttlMs: 300_000,
    log: () => {},
  });
}

beforeEach(() => {
  state.rows = Object.fromEntries(ROWS.map((row) => [row.from, row]));
  state.reads = [];
  state.tableDown = false;
  state.problems = null;
  state.lookup = newLookup();
});

/** As CloudFront hands requests on in AWS (a loopback host is spelt `localhost` by NextRequest). */
const ORIGIN = "https://www.example.com";

/** A request as Next hands it to the proxy: the path and query exactly as sent. */
const request = (pathAndQuery: string, headers: Record<string, string> = {}) => new NextRequest(`${ORIGIN}${pathAndQuery}`, { headers });

/** What the proxy's answer amounts to. */
interface Outcome {
  status: number;
  location?: string | null;
  cacheControl?: string | null;
  /** Next's rewrite target (path and query), when the page shown is another path's. */
  rewrite?: string;
  /** The request headers the page sees that the proxy set. */
  told?: Record<string, string>;
  /** Whether the response carries a per-request (nonce) policy, the same one the page renders with. */
  nonce?: boolean;
}

const REDIRECT_CACHE = "public, max-age=300, s-maxage=300";
const redirect = (status: number, location: string): Outcome => ({ status, location: location.startsWith("/") ? `${ORIGIN}${location}` : location, cacheControl: REDIRECT_CACHE });

async function outcome(response: Response): Promise<Outcome> {
  const headers = response.headers;
  if (headers.get("location")) return { status: response.status, location: headers.get("location"), cacheControl: headers.get("cache-control") };
  const overridden = (headers.get("x-middleware-override-headers") ?? "").split(",").filter(Boolean);
  const told = Object.fromEntries(overridden.filter((name) => name.startsWith("x-site-")).map((name) => [name, headers.get(`x-middleware-request-${name}`) ?? ""]));
  const policy = headers.get("content-security-policy");
  const nonce = policy !== null;
  if (nonce) {
    // The same policy, with one fresh nonce, on the response and in the request Next renders with.
    expect(policy).toMatch(/(?:^|; )script-src 'self' https:\/\/www\.googletagmanager\.com 'nonce-[A-Za-z0-9+/]{22}==' /);
    expect(headers.get("x-middleware-request-content-security-policy")).toBe(policy);
  } else {
    expect(overridden).not.toContain("content-security-policy");
  }
  const rewrite = headers.get("x-middleware-rewrite");
  return { status: response.status, ...(rewrite && { rewrite: rewrite.replace(ORIGIN, "") }), told, nonce };
}

const page = (path: string): Outcome => ({ status: 200, told: { "x-site-request-path": path }, nonce: false });
/** Not a page: passed on to render the 404 for this request, with a nonce. */
const missing = (path: string): Outcome => ({ status: 200, told: { "x-site-request-path": path }, nonce: true });
/** The proxy's own rewrites are marked with a value only this server knows (lib/request-path.ts). */
const OWN_REWRITE = { "x-site-internal-rewrite": TOKEN };
const notAPage = (path: string): Outcome => ({ status: 200, rewrite: "/__not-a-page__", told: { "x-site-request-path": path, "x-site-invalid-page": "1", ...OWN_REWRITE }, nonce: true });
/** A published address removed for good: the removed page, with 410 Gone. */
const removed = (path: string): Outcome => ({ status: 410, rewrite: "/page-removed", told: { "x-site-request-path": path, ...OWN_REWRITE }, nonce: true });
const categoryList = (path: string, rewrite: string): Outcome => ({ status: 200, rewrite, told: { "x-site-request-path": path, ...OWN_REWRITE }, nonce: false });

describe("the proxy", () => {
  it.each<[string, Outcome]>([
    // A legacy URL: one redirect to its target, however it is spelt, the query kept as sent.
    ["/about", redirect(301, "/about-me")],
    ["/about/", redirect(301, "/about-me")],
    ["/about//", redirect(301, "/about-me")],
    ["/%61bout", redirect(301, "/about-me")],
    ["/about?flag&q=a%20b", redirect(301, "/about-me?flag&q=a%20b")],
    ["/about?_rsc=1x2y", redirect(301, "/about-me?_rsc=1x2y")],
    ["/rates?utm_source=newsletter", redirect(301, "/ratesAndInsurance?utm_source=newsletter")],
    ["/blog/category/couples?page=2", redirect(301, "/blog?category=Couples%20Therapy&page=2")],
    ["/book-now?ref=site", redirect(302, "https://booking.example.com/cedar-and-sound?ref=site")],
    ["/fees", redirect(301, "/FAQPage#fees")],
    ["/intake", redirect(307, "/contact")],
    ["/about-us.php", redirect(301, "/about-me")],
    ["/blog/why-the-same-fight-keeps-happening/", redirect(301, "/blog/pursue-withdraw-cycle")],
    ["/über-uns", redirect(301, "/about-me")],
    ["/%c3%bcber-uns", redirect(301, "/about-me")],
    // An address the site published, since moved: one 301 to where it went; one removed: 410.
    ["/blog/old-name", redirect(301, "/blog/pursue-withdraw-cycle")],
    ["/blog/old-name/?utm_source=x", redirect(301, "/blog/pursue-withdraw-cycle?utm_source=x")],
    ["/services/old-service?ref=a", redirect(301, "/services/couplesTherapy?ref=a")],
    ["/blog/holiday-hours-2025", removed("/blog/holiday-hours-2025")],
    ["/blog/holiday-hours-2025/?x=1", removed("/blog/holiday-hours-2025/?x=1")],
    ["/written-wrong", missing("/written-wrong")],
    // A legacy row to a page since moved: still one hop, to where it moved, with the row's status and query.
    ["/old-blog-link?ref=a", redirect(301, "/blog/pursue-withdraw-cycle?ref=a")],
    ["/old-q?ref=a", redirect(301, "/blog/pursue-withdraw-cycle?src=old&ref=a")],
    ["/promo", redirect(302, "/services/couplesTherapy")],
    // Case is part of a path: no row, and no such page.
    ["/About", missing("/About")],
    // A trailing slash without a row: one 301 to the path without it, never to another host.
    ["/about-me/?x=1", redirect(301, "/about-me?x=1")],
    ["/about-me//", redirect(301, "/about-me")],
    ["/blog/", redirect(301, "/blog")],
    ["//evil.example/", redirect(301, "/evil.example")],
    ["/\\evil.example/", redirect(301, "/evil.example")],
    // Pages, told their own path (a prerendered page keeps its own policy: none from the proxy).
    ["/", page("/")],
    ["/about-me", page("/about-me")],
    ["/about-me?_rsc=abc&x=1", page("/about-me?x=1")],
    ["/blog/pursue-withdraw-cycle", page("/blog/pursue-withdraw-cycle")],
    // Not pages: rendered for this request (the 404), with a nonce.
    ["/no-such-page?x=1", missing("/no-such-page?x=1")],
    ["/services/notAService", notAPage("/services/notAService")],
    ["/services/seattle/notAService", notAPage("/services/seattle/notAService")],
    ["/blog/no-such-post", notAPage("/blog/no-such-post")],
    ["/blog-by-category/couples-therapy", notAPage("/blog-by-category/couples-therapy")],
    ["/page-removed", notAPage("/page-removed")],
    ["/__not-a-page__", missing("/__not-a-page__")],
    // The blog filtered by a category: its prerendered list, found by the name however it is spelt.
    ["/blog?category=Couples%20Therapy", categoryList("/blog?category=Couples%20Therapy", "/blog-by-category/couples-therapy?category=Couples%20Therapy")],
    ["/blog?category=couples+therapy", categoryList("/blog?category=couples+therapy", "/blog-by-category/couples-therapy?category=couples+therapy")],
    // Only the blog is filtered by a category: anywhere else the parameter is the page's to ignore.
    ["/about-me?category=Couples%20Therapy", page("/about-me?category=Couples%20Therapy")],
    ["/blog?category=Nobody%20Writes%20This", categoryList("/blog?category=Nobody%20Writes%20This", "/blog-by-category/_none?category=Nobody%20Writes%20This")],
    // Files: never looked up; a missing one's 404 names its path.
    ["/styles.css", missing("/styles.css")],
    ["/feed.xml", missing("/feed.xml")],
  ])("%s", async (path, expected) => {
    expect(await outcome(await proxy(request(path)))).toEqual(expected);
  });

  it("looks up the path's key once, and a file never", async () => {
    state.rows["/styles.css"] = { from: "/styles.css", to: "/about-me" }; // a row the CLI would refuse
    await proxy(request("/styles.css"));
    await proxy(request("/about/"));
    await proxy(request("/about?x=1"));
    await proxy(request("/about-me"));
    // The home page has no row of its own (only with a query), and a path with no key has none at all.
    await proxy(request("/"));
    await proxy(request("/%E0%A4%A"));
    // A query also asks, once, which of its parameters any row names (the table's query-parameter list).
    expect(state.reads).toEqual(["/about", "?query-parameters", "/about-me"]);
  });

  it("never takes a visitor's word for the headers it gives the page, nor for its own rewrites", async () => {
    const forged = { "x-site-request-path": "/forged", "x-site-invalid-page": "1", "x-site-internal-rewrite": "guess", "content-security-policy": "script-src *" };
    expect(await outcome(await proxy(request("/about-me", forged)))).toEqual(page("/about-me"));
    expect(await outcome(await proxy(request("/__not-a-page__", forged)))).toEqual(missing("/__not-a-page__"));
    expect(await outcome(await proxy(request("/blog-by-category/couples-therapy", forged)))).toEqual(notAPage("/blog-by-category/couples-therapy"));
  });

  it("lets its own rewrites through when Next brings them back, the removed page still with 410", async () => {
    const own = { "x-site-internal-rewrite": TOKEN };
    const passed = { status: 200, told: {}, nonce: false };
    expect(await outcome(await proxy(request("/page-removed", own)))).toEqual({ ...passed, status: 410 });
    expect(await outcome(await proxy(request("/__not-a-page__", own)))).toEqual(passed);
    expect(await outcome(await proxy(request("/blog-by-category/couples-therapy?category=Couples%20Therapy", own)))).toEqual(passed);
    // Its mark on any other path changes nothing.
    expect(await outcome(await proxy(request("/about-me", own)))).toEqual(page("/about-me"));
    expect(await outcome(await proxy(request("/no-such-page", own)))).toEqual(missing("/no-such-page"));
  });

  it("passes the visitor's own request headers on to the page: Next's for a client navigation, the language", async () => {
    const response = await proxy(request("/about-me", { rsc: "1", "next-router-state-tree": "%5B%22%22%5D", "accept-language": "en-US" }));
    expect(response.headers.get("x-middleware-request-rsc")).toBe("1");
    expect(response.headers.get("x-middleware-request-next-router-state-tree")).toBe("%5B%22%22%5D");
    expect(response.headers.get("x-middleware-request-accept-language")).toBe("en-US");
  });

  it("under pnpm dev with a content mistake, answers every page, a legacy URL included, with the mistake", async () => {
    state.problems = "content/about-me.md: title: missing";
    for (const path of ["/about-me", "/about", "/no-such-page"]) {
      const response = await proxy(request(path));
      expect(response.status, path).toBe(500);
      expect(await response.text(), path).toContain("content/about-me.md: title: missing");
    }
    expect(state.reads).toEqual([]);
  });

  it("gives every page rendered for a request a fresh nonce", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) nonces.add(/'nonce-([^']+)'/.exec((await proxy(request("/no-such-page"))).headers.get("content-security-policy") ?? "")?.[1]);
    expect(nonces.size).toBe(3);
  });

  it("serves the page when the table fails, or when redirects are off", async () => {
    state.tableDown = true;
    expect(await outcome(await proxy(request("/about")))).toEqual(missing("/about"));
    expect(await outcome(await proxy(request("/about-me/")))).toEqual(redirect(301, "/about-me"));
    state.lookup = null;
    expect(await outcome(await proxy(request("/about")))).toEqual(missing("/about"));
  });
});

/** How Next's build turns a proxy's `config.matcher` into the patterns it runs the proxy for (exported by Next, not typed). */
const { getMiddlewareMatchers } = pageStaticInfo as unknown as { getMiddlewareMatchers: (matcher: unknown, nextConfig: object) => Parameters<typeof getMiddlewareRouteMatcher>[0] };

describe("the paths the proxy runs for, as Next reads its matcher", () => {
  const runsFor = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
  it.each([
    ["/", true],
    ["/about-me", true],
    ["/old-page.php", true],
    ["/styles.css", true],
    ["/visitors", true],
    ["/blog/visit", true],
    // Next's own build files and images, and the visit counter's beacon: never.
    ["/_next/static/chunks/app.js", false],
    ["/_next/image", false],
    ["/visit", false],
  ])("%s: %s", (path, expected) => {
    expect(runsFor(path, {} as never, {})).toBe(expected);
  });
});
