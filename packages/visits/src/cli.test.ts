import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalStore, type LocalStore } from "@practice/redirects/local";
import { main } from "./cli";
import { prepareVisitsTable } from "./local";

let dir: string;
let store: LocalStore;
let env: NodeJS.ProcessEnv;
let siteIndexFile: string;
/** 06:00 UTC on 2 May: still 1 May in Seattle. */
const now = () => new Date("2026-05-02T06:00:00Z");

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "visits-cli-"));
  // The store `pnpm start` runs (another process, as far as the CLI can tell): the CLI shares it.
  store = await openLocalStore({ port: 0, dataDir: path.join(dir, "store"), seedFile: false, log: () => {} });
  const table = await prepareVisitsTable(store.endpoint);
  await table.add("2026-05-01", "/", { views: 3, fromSearch: 2 });
  await table.add("2026-04-30", "/contact", { views: 2, fromDirect: 1, tapCall: 1, visitsWithTap: 1 });
  await table.add("2026-04-25", "/about-me", { views: 1, fromSocial: 1 });
  // The first of May is Seattle's today: the 2nd (UTC's) has nothing yet.
  await table.add("2026-05-02", "/", { views: 100 });
  siteIndexFile = path.join(dir, "site-index.json");
  await writeFile(siteIndexFile, JSON.stringify({ siteUrl: "https://www.example.com", pages: [], categories: [], timeZone: "America/Los_Angeles" }));
  env = { ...process.env, REDIRECTS_DATA_DIR: path.join(dir, "store"), REDIRECTS_STORE_PORT: "0", INIT_CWD: dir, VISITS_TABLE: "", COLUMNS: "100" };
});
afterAll(async () => {
  await store?.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { env, io: { out: (text) => out.push(text), err: (text) => err.push(text) }, now, siteIndexFile });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("pnpm visits", () => {
  it("reads the local store the site counts into, by the practice's days", async () => {
    const { code, out, err } = await run("--json", "--days", "3");
    expect(err).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report).toMatchObject({ from: "2026-04-29", to: "2026-05-01", days: 3, views: 5, visits: 3, visitsWithTap: 1 });
    expect(report.pages.map((page: { page: string; viewsByDay: number[] }) => [page.page, page.viewsByDay])).toEqual([
      ["/", [0, 0, 3]],
      ["/contact", [0, 2, 0]],
    ]);
  });

  it("shows the last 30 days in the terminal by default", async () => {
    const { code, out } = await run();
    expect(code).toBe(0);
    expect(out.split("\n").slice(0, 4)).toEqual([
      "Visits to the site, 2026-04-02 to 2026-05-01 (30 days, America/Los_Angeles time)",
      "",
      "6 page views in 4 visits: 2 from search, 1 from social media, 0 from other sites, 1 direct",
      "1 of the 4 visits (25.0%) ended in a call, text, booking or 988: call 1 (25.0%), text 0 (0.0%), booking 0 (0.0%), 988 0 (0.0%)",
    ]);
    expect(out).toMatch(/^\/about-me\s+1\s+1\s+0\s+·+▁?█·+$/m);
  });

  it("writes a CSV or the HTML chart to a file in the folder the command was typed in", async () => {
    expect((await run("--csv", "--out", "visits.csv", "--days", "7")).code).toBe(0);
    expect((await readFile(path.join(dir, "visits.csv"), "utf8")).trim().split("\n").slice(1)).toEqual([
      "2026-04-25,/about-me,1,1,0,1,0,0,0,0,0,0,0",
      "2026-04-30,/contact,2,1,0,0,0,1,1,0,0,0,1",
      "2026-05-01,/,3,2,2,0,0,0,0,0,0,0,0",
    ]);
    const html = await run("--html");
    expect(html.out).toBe(`Wrote ${path.join(dir, "visits.html")}: open it in a browser.`);
    expect(await readFile(path.join(dir, "visits.html"), "utf8")).toContain("<title>Visits, 2026-04-02 to 2026-05-01</title>");
  });

  it("says which table it could not reach", async () => {
    const { code, err } = await run("--table", "visits-elsewhere", "--endpoint", "http://127.0.0.1:9");
    expect(code).toBe(1);
    expect(err.split("\n").at(-1)).toMatch(/^Could not reach the visits table visits-elsewhere: /);
  });

  it.each([
    [["--days", "0"], '--days must be a whole number from 1 to 400, not "0"'],
    [["--days", "401"], '--days must be a whole number from 1 to 400, not "401"'],
    [["--days", "7.5"], '--days must be a whole number from 1 to 400, not "7.5"'],
    [["--json", "--csv"], "choose one of --json, --csv and --html"],
    [["--out", "x.txt"], "--out names the file for --json, --csv or --html"],
    [["--since", "2026-01-01"], "Unknown option '--since'"],
  ])("refuses %j", async (argv, message) => {
    const { code, err } = await run(...argv);
    expect(code).toBe(2);
    expect(err.split("\n")[0]).toContain(message);
  });
});
