import { openLocalStore, type LocalStore } from "@practice/redirects/local";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countVisit, type BeaconRequest, type CountSettings } from "./count";
import { ITEM_ATTRIBUTES, OTHER_PAGE } from "./counts";
import { prepareVisitsTable } from "./local";
import type { VisitsTable } from "./table";

const PERSON = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const ADDRESS = "203.0.113.77";
const PUBLISHED = new Set(["/", "/about-me", "/contact", "/blog"]);

let dir: string;
let store: LocalStore;
let table: VisitsTable;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "visits-count-"));
  store = await openLocalStore({ port: 0, dataDir: dir, seedFile: false, log: () => {} });
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});
beforeEach(async () => {
  table = await prepareVisitsTable(store.endpoint, `visits-${++n}`);
});

/** 02:30 UTC on 2 May: 1 May in Seattle. */
const settings = (overrides: Partial<CountSettings> = {}): CountSettings => ({
  pageOf: (page) => (PUBLISHED.has(page) ? page : OTHER_PAGE),
  timeZone: "America/Los_Angeles",
  now: () => new Date("2026-05-02T02:30:00Z"),
  table,
  ...overrides,
});

function request(body: string | undefined, headers: Record<string, string> = {}): BeaconRequest {
  const all: Record<string, string> = { "user-agent": PERSON, "sec-fetch-site": "same-origin", "x-forwarded-for": ADDRESS, ...headers };
  return { body, header: (name) => all[name] ?? null };
}

const items = () => table.scan();
const counted = async () => Object.fromEntries((await items()).map(({ day, page, expires: _expires, ...counts }) => [`${day} ${page}`, counts]));

describe("counting a beacon", () => {
  it("adds a view, an arrival by where it came from, and a tap, to the page's counts for the practice's day", async () => {
    for (const body of ["p=%2F&r=www.google.com", "p=%2F&r=", "p=%2Fabout-me", "p=%2Fabout-me&r=m.facebook.com", "p=%2Fcontact&r=www.psychologytoday.com", "p=%2Fcontact&a=call&f=1", "p=%2Fcontact&a=book"]) {
      expect(await countVisit(request(body), settings()), body).toEqual({ status: 204, counted: true });
    }
    expect(await counted()).toEqual({
      "2026-05-01 /": { views: 2, fromSearch: 1, fromDirect: 1 },
      "2026-05-01 /about-me": { views: 2, fromSocial: 1 },
      "2026-05-01 /contact": { views: 1, fromOtherSite: 1, tapCall: 1, visitsWithTap: 1, tapBook: 1 },
    });
  });

  it("counts a page the site never published as 'other', never by its text", async () => {
    await countVisit(request("p=%2Fjane.doe%40gmail.com%2F206-555-1234-my-diagnosis&r="), settings());
    expect(await counted()).toEqual({ "2026-05-01 other": { views: 1, fromDirect: 1 } });
  });

  it("loses no count when many arrive at once (an atomic add, not a read and a write)", async () => {
    await Promise.all(Array.from({ length: 25 }, () => countVisit(request("p=%2Fabout-me"), settings())));
    expect(await counted()).toEqual({ "2026-05-01 /about-me": { views: 25 } });
  });

  it("keeps a day, a page and counts only: no address, browser, referrer, typed path or time of day", async () => {
    for (const body of ["p=%2F&r=www.google.com", "p=%2Fcontact&a=988&f=1", "p=%2Fcall-me-at-206-555-0199&r=private.example.net"]) await countVisit(request(body), settings());
    const stored = await items();
    expect(stored.length).toBe(3);
    for (const item of stored) {
      expect(ITEM_ATTRIBUTES).toEqual(expect.arrayContaining(Object.keys(item)));
      expect(item.expires).toBe(Date.UTC(2027, 5, 6) / 1000); // the day's, not the moment's
    }
    const text = JSON.stringify(stored);
    for (const secret of [ADDRESS, "Mozilla", "iPhone", "google", "private.example.net", "206-555-0199", "call-me", "02:30", "T02"]) expect(text).not.toContain(secret);
  });

  it.each([
    ["a crawler", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ["a crawler", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36" }],
    ["a crawler", { "user-agent": "" }],
    ["a prefetch", { "sec-purpose": "prefetch;prerender" }],
    ["a prefetch", { purpose: "prefetch" }],
  ])("does not count %s (answered 204 all the same)", async (why, headers) => {
    expect(await countVisit(request("p=%2F&r=", headers), settings())).toEqual({ status: 204, counted: false, why });
    expect(await items()).toEqual([]);
  });

  it.each([
    [403, "p=%2F", { "sec-fetch-site": "cross-site" }, "sent by another site's page"],
    [403, "p=%2F", { "sec-fetch-site": "same-site" }, "sent by another site's page"],
    [400, "p=%2F&ip=203.0.113.77", {}, "an unknown field"],
    [400, "p=%2Fcontact&a=email", {}, "an unknown tap"],
    [413, undefined, {}, "a body over 1024 bytes"],
  ])("refuses with %i: %s", async (status, body, headers, why) => {
    expect(await countVisit(request(body, headers), settings())).toEqual({ status, counted: false, why });
    expect(await items()).toEqual([]);
  });

  it("counts a beacon from a browser that sends no Sec-Fetch-Site (older Safari)", async () => {
    const old = request("p=%2F");
    expect(await countVisit({ body: old.body, header: (name) => (name === "sec-fetch-site" ? null : old.header(name)) }, settings())).toEqual({ status: 204, counted: true });
  });

  it("answers 204 without counting when there is no table, or the table fails", async () => {
    expect(await countVisit(request("p=%2F"), settings({ table: undefined }))).toEqual({ status: 204, counted: false, why: "no table" });
    const failure = Object.assign(new Error("Rate exceeded"), { name: "ThrottlingException" });
    const outcome = await countVisit(request("p=%2F"), settings({ table: { add: () => Promise.reject(failure) } }));
    expect(outcome).toEqual({ status: 204, counted: false, why: "the table failed", failure });
  });
});
