import { describe, expect, it } from "vitest";
import { type Counts, type DayCounts, noCounts } from "../counts";
import { csvReport, jsonReport } from "./formats";
import { htmlReport } from "./html";
import { summarise } from "./summary";
import { barChart, bucket, sparkline, terminalReport } from "./terminal";

const counts = (values: Partial<Counts>): Counts => ({ ...noCounts(), ...values });
const DAYS = ["2026-04-29", "2026-04-30", "2026-05-01"];
const ROWS: DayCounts[] = [
  { day: "2026-04-29", page: "/", counts: counts({ views: 4, fromSearch: 2, fromDirect: 1 }) },
  { day: "2026-04-30", page: "/", counts: counts({ views: 6, fromSearch: 3, fromSocial: 1, tapCall: 1, visitsWithTap: 1 }) },
  { day: "2026-05-01", page: "/contact", counts: counts({ views: 5, fromOtherSite: 1, tapCall: 2, tapBook: 1, tap988: 1, visitsWithTap: 2 }) },
  { day: "2026-05-01", page: "other", counts: counts({ views: 1, fromDirect: 1 }) },
  { day: "2026-05-01", page: "/blog?category=Couples%20Therapy", counts: counts({ views: 1 }) },
  // Outside the span: left out.
  { day: "2026-04-28", page: "/", counts: counts({ views: 50, fromSearch: 50 }) },
];
const summary = summarise(DAYS, ROWS, "America/Los_Angeles");

describe("the visits report", () => {
  it("sums the span: 17 views, 9 visits, 3 of them ending in a tap", () => {
    expect(summary.totals).toMatchObject({ views: 17, fromSearch: 5, fromSocial: 1, fromOtherSite: 1, fromDirect: 2, tapCall: 3, tapBook: 1, tap988: 1, visitsWithTap: 3 });
    expect(summary.visits).toBe(9);
    expect(summary.daily).toEqual([
      { day: "2026-04-29", views: 4, visits: 3 },
      { day: "2026-04-30", views: 6, visits: 4 },
      { day: "2026-05-01", views: 7, visits: 2 },
    ]);
    expect(summary.pages.map((page) => [page.page, page.counts.views, page.visits, page.views])).toEqual([
      ["/", 10, 7, [4, 6, 0]],
      ["/contact", 5, 1, [0, 0, 5]],
      ["other", 1, 1, [0, 0, 1]],
      ["/blog?category=Couples%20Therapy", 1, 0, [0, 0, 1]],
    ]);
  });

  it("draws trends: a bar per value against the largest, nothing as ·, a long span a few days a column", () => {
    expect(sparkline([0, 1, 4, 8])).toBe("·▁▄█");
    expect(bucket([1, 2, 3, 4, 5], 2)).toEqual({ sums: [6, 9], size: 3 });
    expect(barChart([2, 0, 4], 2)).toEqual(["  █", "█ █"]);
    expect(barChart([1, 4], 1)).toEqual(["▂█"]);
  });

  it("reads in a terminal", () => {
    expect(terminalReport(summary, { limit: 3, columns: 80 }).split("\n")).toEqual([
      "Visits to the site, 2026-04-29 to 2026-05-01 (3 days, America/Los_Angeles time)",
      "",
      "17 page views in 9 visits: 5 from search, 1 from social media, 1 from other sites, 2 direct",
      "3 of the 9 visits (33.3%) ended in a call, text, booking or 988: call 3 (33.3%), text 0 (0.0%), booking 1 (11.1%), 988 1 (11.1%)",
      "",
      "Page views a day (the most: 7 on 2026-05-01)",
      // 4, 6 and 7 views in 6 rows of eighths: 27, 41 and 48 eighths.
      "   ▁█",
      "   ██",
      "  ▃██",
      "  ███",
      "  ███",
      "  ███",
      "  2026-04-29 2026-05-01",
      "",
      "Top pages (3 of 4)",
      "PAGE                            VIEWS  VISITS  TAPS  VIEWS A DAY",
      "/                                  10       7     1  ▆█·",
      "/contact                            5       1     4  ··█",
      "other (not a page of the site)      1       1     0  ··█",
      "… and 1 more page (--limit 0 shows every page)",
    ]);
  });

  it("writes thousands as the owner reads them, and one of a thing without an s", () => {
    const big = summarise(["2026-05-01"], [{ day: "2026-05-01", page: "/", counts: counts({ views: 1234, fromSearch: 1000, visitsWithTap: 1 }) }], "UTC");
    expect(terminalReport(big, { limit: 20, columns: 80 }).split("\n").slice(0, 4)).toEqual([
      "Visits to the site, 2026-05-01 to 2026-05-01 (1 day, UTC time)",
      "",
      "1,234 page views in 1,000 visits: 1,000 from search, 0 from social media, 0 from other sites, 0 direct",
      "1 of the 1,000 visits (0.1%) ended in a call, text, booking or 988: call 0 (0.0%), text 0 (0.0%), booking 0 (0.0%), 988 0 (0.0%)",
    ]);
  });

  it("says so when nothing was counted", () => {
    expect(terminalReport(summarise(DAYS, [], "UTC"), { limit: 20, columns: 80 })).toBe("Visits to the site, 2026-04-29 to 2026-05-01 (3 days, UTC time)\n\nNo page views were counted in these days.");
  });

  it("gives every figure as JSON", () => {
    const json = JSON.parse(jsonReport(summary));
    expect(json).toMatchObject({ from: "2026-04-29", to: "2026-05-01", days: 3, views: 17, visits: 9, visitsWithTap: 3, shareOfVisitsWithTap: 1 / 3 });
    expect(json.arrivals).toEqual({ search: 5, social: 1, direct: 2, otherSite: 1 });
    expect(json.taps).toEqual({ call: 3, text: 0, book: 1, "988": 1 });
    expect(json.pages[1]).toEqual({ page: "/contact", views: 5, visits: 1, arrivals: { search: 0, social: 0, direct: 0, otherSite: 1 }, taps: { call: 2, text: 0, book: 1, "988": 1 }, visitsWithTap: 2, viewsByDay: [0, 0, 5] });
  });

  it("gives a spreadsheet a row per day and page, a formula-like page as text", () => {
    const rows = [...ROWS.slice(0, 2), { day: "2026-05-01", page: "=HYPERLINK(\"http://x\")", counts: counts({ views: 1 }) }];
    expect(csvReport(rows).trim().split("\n")).toEqual([
      "day,page,views,visits,from search,from social,from other sites,direct,call taps,text taps,book taps,988 taps,visits with a tap",
      "2026-04-29,/,4,3,2,0,0,1,0,0,0,0,0",
      "2026-04-30,/,6,4,3,1,0,0,1,0,0,0,1",
      "2026-05-01,\"'=HYPERLINK(\"\"http://x\"\")\",1,0,0,0,0,0,0,0,0,0,0",
    ]);
  });

  it("makes a page with the charts, its text escaped and nothing fetched", () => {
    const html = htmlReport(summarise(DAYS, [...ROWS, { day: "2026-05-01", page: "/<script>alert(1)</script>", counts: counts({ views: 1 }) }], "America/Los_Angeles"), "2026-05-01");
    expect(html).toContain("<title>Visits, 2026-04-29 to 2026-05-01</title>");
    expect(html).toContain("<strong>18</strong> page views in <strong>9</strong> visits");
    expect(html).toContain("<title>2026-04-30: 6 page views, 4 visits</title>");
    expect(html).toContain("<code>/&#60;script&#62;alert(1)&#60;/script&#62;</code>");
    expect(html).not.toMatch(/<script|src=|href=|url\(/i);
  });
});
