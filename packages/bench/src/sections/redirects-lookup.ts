/**
 * `pnpm bench:redirects lookup` (no build needed): what query rows (`/?page_id=12`) cost the
 * site's lookup, in process against the redirects package's test store (dynalite on loopback,
 * counting its reads):
 *  - GetItem calls for 10,000 requests of a mix of pages, pages with campaign queries (every
 *    `fbclid` a new one), legacy path rows, WordPress query rows and unknown paths, against the
 *    reads the same mix costs with the query left off (the lookup before query rows) and the
 *    distinct keys the mix can need: aim no read beyond one for the index and one per query row
 *    asked for;
 *  - lookups per second with the cache warm: a page path without a query, the same path with a
 *    campaign query (the index consulted, no row), and a query row, side by side in one run.
 */
import { RedirectLookup } from "@practice/redirects";
import { LOOKUP_DEFAULTS } from "../../../redirects/src/config";
import { queryIndexItem, queryIndexOf } from "../../../redirects/src/query";
import { round } from "../lib/stats";
import { startTestStore } from "../lib/store";

export async function lookupBench(requests = 10_000) {
  const store = await startTestStore("bench-redirects-lookup");
  const legacy = Array.from({ length: 200 }, (_, i) => ({ from: `/legacy/page-${i}`, to: "/about-me" }));
  const wordpress = Array.from({ length: 200 }, (_, i) => ({ from: i % 2 ? `/?p=${100 + i}` : `/?page_id=${i}`, to: "/blog" }));
  await store.table.putMany([...legacy, ...wordpress, queryIndexItem(queryIndexOf(wordpress.map((row) => row.from)))]);
  const pages = ["/", "/about-me", "/contact", "/blog", "/ratesAndInsurance", "/services/couplesTherapy", "/policies", "/FAQPage"];
  const lookup = () => new RedirectLookup({ ...LOOKUP_DEFAULTS, budgetMs: 60_000, coldBudgetMs: 60_000, read: (key, signal) => store.table.get(key, signal), log: () => {} });
  try {
    // [path key, query as sent]: 30% pages, 20% pages with a campaign query, 20% legacy paths,
    // 20% WordPress addresses (with a campaign query on every other), 10% unknown paths.
    const mix: [string, string][] = Array.from({ length: requests }, (_, i) => {
      const slot = i % 10;
      if (slot < 3) return [pages[i % pages.length]!, ""];
      if (slot < 5) return [pages[i % pages.length]!, i % 4 ? `?utm_source=news&utm_campaign=${i % 7}` : `?fbclid=${i}`];
      if (slot < 7) return [legacy[i % legacy.length]!.from, ""];
      if (slot < 9) {
        const row = wordpress[(i * 7) % wordpress.length]!.from;
        return ["/", `${row.slice(1)}${i % 2 ? "&utm_source=old-link" : ""}`];
      }
      return [`/old-site/unknown-${i % 500}`, ""];
    });
    const reads = async (run: (redirects: RedirectLookup, path: string, search: string) => Promise<unknown>) => {
      const redirects = lookup();
      const before = store.calls.GetItem ?? 0;
      for (const [path, search] of mix) await run(redirects, path, search);
      return (store.calls.GetItem ?? 0) - before;
    };
    const withQueries = await reads((redirects, path, search) => redirects.findForRequest(path, search));
    const pathsOnly = await reads((redirects, path) => (path === "/" ? Promise.resolve() : redirects.find(path)));
    const distinctPaths = new Set(mix.map(([path]) => path).filter((path) => path !== "/")).size;
    const distinctRows = new Set(mix.filter(([path, search]) => path === "/" && /^\?(p|page_id)=/.test(search)).map(([, search]) => search.split("&")[0])).size;

    // Lookups per second, warm: interleaved rounds, the median of each.
    const redirects = lookup();
    const kinds: Record<string, [string, string]> = { page: ["/about-me", ""], pageWithCampaignQuery: ["/about-me", "?utm_source=news"], queryRow: ["/", "?page_id=12&utm_source=news"] };
    for (const [path, search] of Object.values(kinds)) await redirects.findForRequest(path, search);
    const rates: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
    for (let round = 0; round < 5; round++) {
      for (const [kind, [path, search]] of Object.entries(kinds)) {
        const started = performance.now();
        for (let i = 0; i < 50_000; i++) await redirects.findForRequest(path, search);
        rates[kind]!.push(50_000 / ((performance.now() - started) / 1000));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const perSecond = Object.fromEntries(Object.entries(rates).map(([kind, values]) => [kind, Math.round(median(values))]));
    const result = {
      requests,
      getItem: { withQueryRows: withQueries, queryLeftOff: pathsOnly, distinctPaths, distinctQueryRows: distinctRows, aim: `<= queryLeftOff + 1 (the index) + ${distinctRows} (the query rows)` },
      lookupsPerSecondWarm: { ...perSecond, campaignQueryToPage: round(perSecond.pageWithCampaignQuery! / perSecond.page!, 3), queryRowToPage: round(perSecond.queryRow! / perSecond.page!, 3) },
    };
    console.log(JSON.stringify(result, null, 2));
    return result;
  } finally {
    await store.stop();
  }
}
