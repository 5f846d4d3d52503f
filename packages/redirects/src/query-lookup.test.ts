/**
 * The site's lookup of query rows (query.ts) against a real table, counting its reads: a request
 * costs a read of the query index only when it has a query, and of a query row only when it
 * carries a parameter a row of its path uses. The clock is the test's; nothing sleeps.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOOKUP_DEFAULTS } from "./config";
import { RedirectLookup, type LookupOptions } from "./lookup";
import { queryIndexItem, queryIndexOf } from "./query";
import type { StoredItem } from "./table";
import { startTestStore, type TestStore } from "./testing/store";

let store: TestStore;
let clock: number;
let logs: string[];

const ROWS = [
  { from: "/?page_id=12", to: "/about-me" },
  { from: "/?p=123", to: "/blog/repair-after-an-argument" },
  { from: "/index.php?p=7", to: "/blog/pursue-withdraw-cycle" },
  { from: "/index.php", to: "/" },
  { from: "/old-about", to: "/about-me" },
];

beforeEach(async () => {
  store = await startTestStore();
  clock = 1_000_000;
  logs = [];
  await store.table.putMany([...ROWS, queryIndexItem(queryIndexOf(ROWS.map((row) => row.from)))]);
  store.calls = {};
});

afterEach(async () => {
  await store.stop();
});

function lookup(options: Partial<LookupOptions> = {}) {
  return new RedirectLookup({
    ...LOOKUP_DEFAULTS,
    read: (key, signal) => store.table.get(key, signal),
    log: (message) => logs.push(message),
    now: () => clock,
    budgetMs: 60_000,
    coldBudgetMs: 60_000,
    ...options,
  });
}

const reads = () => store.calls.GetItem ?? 0;
const where = (redirect: Awaited<ReturnType<RedirectLookup["findForRequest"]>>) => redirect && { to: redirect.target.kind === "site" ? redirect.target.path : "", matched: redirect.matched };

describe("a request with a query", () => {
  it("is redirected by the query row its parameters match, whatever else it carries, naming the parameters matched", async () => {
    const redirects = lookup();
    // [path key, query as sent, where it goes (undefined: the page is served)]: by hand from ROWS.
    const cases: [string, string, ReturnType<typeof where>][] = [
      ["/", "?page_id=12", { to: "/about-me", matched: ["page_id"] }],
      ["/", "?p=123&utm_source=newsletter", { to: "/blog/repair-after-an-argument", matched: ["p"] }],
      ["/", "?utm_source=newsletter&page%5Fid=12", { to: "/about-me", matched: ["page_id"] }],
      ["/", "?p=999", undefined], // no such row: the home page
      ["/", "?utm_source=newsletter", undefined],
      ["/", "", undefined],
      ["/index.php", "?p=7", { to: "/blog/pursue-withdraw-cycle", matched: ["p"] }],
      ["/index.php", "?p=8", { to: "/", matched: undefined }], // the path's own row, as without the query
      ["/index.php", "", { to: "/", matched: undefined }],
      ["/old-about", "?p=123", { to: "/about-me", matched: undefined }], // p is a parameter of / and /index.php only
    ];
    for (const [path, search, expected] of cases) expect(where(await redirects.findForRequest(path, search)), `${path}${search}`).toEqual(expected);
  });

  it("costs no read a request without a query did not cost: the index once, a query row only for the parameters it names", async () => {
    const redirects = lookup();
    expect(await redirects.findForRequest("/", "")).toBeUndefined(); // the home page: no row, no read
    expect(reads()).toBe(0);
    await redirects.findForRequest("/contact", "");
    expect(reads()).toBe(1); // its path, as always
    await redirects.findForRequest("/contact", "?utm_source=a");
    expect(reads()).toBe(2); // + the index, once for every path and query
    await redirects.findForRequest("/contact", "?utm_source=b");
    await redirects.findForRequest("/contact", "?fbclid=c");
    await redirects.findForRequest("/", "?utm_source=d");
    expect(reads()).toBe(2); // parameters no row uses: nothing more
    await redirects.findForRequest("/", "?p=123");
    await redirects.findForRequest("/", "?p=123&utm_source=e");
    expect(reads()).toBe(3); // the row, once
  });

  it("keeps the last index and query rows through an outage, as it keeps path rows", async () => {
    let down = false;
    const redirects = lookup({ ttlMs: 1000, read: (key, signal) => (down ? Promise.reject(new Error("table down")) : store.table.get(key, signal)) });
    expect(where(await redirects.findForRequest("/", "?page_id=12"))).toEqual({ to: "/about-me", matched: ["page_id"] });
    down = true;
    clock += 2000; // past the TTL: the table is asked again, and fails
    expect(where(await redirects.findForRequest("/", "?page_id=12"))).toEqual({ to: "/about-me", matched: ["page_id"] });
    expect(logs.some((line) => line.includes("table down"))).toBe(true);
  });

  it("reads an index an owner broke in the console as no index: the pages are served", async () => {
    await store.table.put({ from: "?query-parameters", paths: "p" } satisfies StoredItem);
    const redirects = lookup();
    expect(await redirects.findForRequest("/", "?p=123")).toBeUndefined();
    expect(where(await redirects.findForRequest("/old-about", "?p=123"))).toEqual({ to: "/about-me", matched: undefined });
  });
});
