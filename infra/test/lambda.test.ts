/**
 * The server function as SST would upload it: the archive the dev plan built (SST's handler
 * wrapper and all, nothing outside it to fall back on, as in /var/task), with the link file SST's
 * CLI writes, invoked with function-URL events (infra/preview/lambda.ts).
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_VARIABLES } from "@practice/redirects/config";
import { TEST_LOOKUP_BUDGET, TEST_LOOKUP_BUDGET_MS } from "@practice/redirects/testing/lookup-budget";
import { startTestStore, type TestStore } from "@practice/redirects/testing/store";
import { type VisitsTable } from "@practice/visits";
import { prepareVisitsTable } from "@practice/visits/local";
import { functionUrlEvent, LocalLambda } from "../preview/lambda";
import { LOCAL_S3_CREDENTIALS, LocalS3 } from "../preview/s3";
import { loadPlan } from "./plans";
import { artifact, named, root, type StackPlan } from "./run-harness";

let plan: StackPlan;
let store: TestStore;
let lambda: LocalLambda;
let s3: LocalS3;
let visits: VisitsTable;

// React's text separators (<!-- -->) go without a trace ("Page not found<!-- -->: " reads "Page not found: "); elements part words.
const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!--[\s\S]*?-->/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

async function get(rawPath: string, rawQueryString = "", fn = lambda) {
  const host = "webserveruswest2url.lambda-url.us-west-2.on.aws";
  const result = await fn.invoke(
    functionUrlEvent({
      method: "GET",
      rawPath,
      rawQueryString,
      headers: { host, "x-forwarded-host": "www.example.com", "x-forwarded-proto": "https", accept: "text/html", "user-agent": "lambda-test" },
      cookies: [],
      sourceIp: "192.0.2.1",
      domainName: host,
    }),
  );
  return { ...result, html: result.body.toString() };
}

beforeAll(async () => {
  plan = await loadPlan("dev");
  // The table the plan links the function to, in a local DynamoDB-compatible store.
  store = await startTestStore(String(named(plan, "RedirectsTable")?.inputs.name));
  await store.table.putMany([
    { from: "/old-about", to: "/about-me" },
    { from: "/old-contact", to: "/contact" },
    { from: "/old-category", to: "/blog?category=Couples%20Therapy" },
  ]);
  // And the visits table it is linked to, in the same store.
  visits = await prepareVisitsTable(store.endpoint, String(named(plan, "VisitsTable")?.inputs.name));
  // The bucket SST uploads to: the prerendered pages the function reads as its incremental cache.
  s3 = await LocalS3.start(plan);
  // With the lookup budget of every test server: on a busy machine a legacy URL must not 404 because
  // the table answered after 150 ms (the shipped budget has its own test below).
  lambda = await startFunction(TEST_LOOKUP_BUDGET);
}, 120_000);

/** The server function from its archive, with the planned environment and `environment` over it. */
function startFunction(environment: Record<string, string>, options: { recordLog?: boolean } = {}) {
  return LocalLambda.start({
    zip: artifact("dev", "WebServerUswest2"),
    plan,
    resourceName: "WebServerUswest2Function",
    functionId: "WebServerUswest2",
    environment: { ...LOCAL_S3_CREDENTIALS, DYNAMODB_ENDPOINT: store.endpoint, ...environment },
    s3Endpoint: s3.endpoint,
    ...options,
  });
}

afterAll(async () => {
  await lambda?.stop();
  await s3?.stop();
  await store?.stop();
});

describe("the server function SST would upload", () => {
  it("runs on the Node.js of the planned runtime (nodejs22.x: Node 22), not the Node that runs the tests", () => {
    expect(named(plan, "WebServerUswest2Function")?.inputs.runtime).toBe("nodejs22.x");
    expect(lambda.nodeVersion).toMatch(/^v22\./);
  });

  it("serves pages, 404s and legacy redirects, reading the table through its SST link", async () => {
    const [home, service, missing, legacy] = [await get("/"), await get("/services/couplesTherapy"), await get("/no-such-page"), await get("/old-about")];
    expect(home.statusCode).toBe(200);
    expect(text(home.html)).toContain("Ready to talk?");
    // Read from the S3 cache SST uploads, not rendered again.
    expect(home.headers["x-nextjs-cache"]).toBe("HIT");
    expect(service.statusCode).toBe(200);
    expect(service.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(missing.statusCode).toBe(404);
    expect(text(missing.html)).toContain("Page not found: /no-such-page");
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe("/about-me");
    expect(store.calls.GetItem ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it("keeps the request's query text byte for byte on a redirect", async () => {
    // [path, query as the function URL passes it, the Location a visitor must get], written out by hand.
    const expected: [string, string, string][] = [
      ["/old-about", "flag", "/about-me?flag"],
      ["/old-about", "q=a%20b&&x=1+2", "/about-me?q=a%20b&&x=1+2"],
      ["/old-about", "x=%2F&utm_source=x&flag", "/about-me?x=%2F&utm_source=x&flag"],
      ["/old-about", "=odd&%zz&next=//evil.example", "/about-me?=odd&%zz&next=//evil.example"],
      ["/old-category", "flag&category=Other&q=a%20b", "/blog?category=Couples%20Therapy&flag&q=a%20b"],
      ["/about-me/", "flag&q=a%20b", "/about-me?flag&q=a%20b"],
    ];
    const answers = [];
    for (const [rawPath, query] of expected) answers.push(await get(rawPath, query));
    expect(answers.map((answer) => [answer.statusCode, answer.headers.location])).toEqual(expected.map(([, , location]) => [301, location]));
  }, 120_000);

  it("counts a visit's beacon into the visits table through its SST link, and refuses a field it does not know", async () => {
    const host = "webserveruswest2url.lambda-url.us-west-2.on.aws";
    const beacon = (body: string) =>
      lambda.invoke(
        functionUrlEvent({
          method: "POST",
          rawPath: "/visit",
          rawQueryString: "",
          headers: { host, "x-forwarded-host": "www.example.com", "content-type": "text/plain;charset=UTF-8", "sec-fetch-site": "same-origin", "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1" },
          cookies: [],
          sourceIp: "192.0.2.1",
          domainName: host,
          body: Buffer.from(body),
        }),
      );
    expect((await beacon("p=%2Fabout-me&r=www.google.com")).statusCode).toBe(204);
    expect((await beacon("p=%2Fabout-me&visitor=42")).statusCode).toBe(400);
    const items = await visits.scan();
    expect(items.map(({ page, views, fromSearch }) => ({ page, views, fromSearch }))).toEqual([{ page: "/about-me", views: 1, fromSearch: 1 }]);
  }, 120_000);

  it("still serves every page when the table cannot be reached (fail open)", async () => {
    await store.stop();
    try {
      for (const page of ["/", "/about-me", "/services/seattle/couplesTherapy"]) expect((await get(page)).statusCode, page).toBe(200);
      // With no table to ask, a legacy URL this instance never looked up is served as if there were
      // no redirects (not found, no error); one it already knew keeps its last answer.
      expect((await get("/old-contact")).statusCode).toBe(404);
      expect((await get("/old-about")).headers.location).toBe("/about-me");
    } finally {
      await store.restart();
    }
  }, 120_000);

  it("wrote nothing to the bucket while serving all of that: it only reads its cache, which is all its role allows (infra/web.ts)", () => {
    expect(s3.writes).toEqual([]);
  });
});

describe("the redirect lookup's budget, as shipped", () => {
  it("is 150 ms: a read the table never answers is given up after 150 ms, and the page is served", async () => {
    // The planned environment, with no budget of the test's. Only the budget of the process's
    // first reads (1 s, for a cold start) is the test's, so that the first read, however slow this
    // machine, finishes within its budget and leaves the 150 ms one in force: no clock is raced.
    const shipped = await startFunction({ [LOOKUP_VARIABLES.coldBudgetMs]: String(TEST_LOOKUP_BUDGET_MS) }, { recordLog: true });
    try {
      expect((await get("/old-about", "", shipped)).statusCode).toBe(301);
      store.hangReads = true;
      const unanswered = await get("/old-contact", "", shipped);
      expect(unanswered.statusCode).toBe(404); // the page at that path, as if it had no redirect
      await expect.poll(() => shipped.log, { timeout: 30_000 }).toContain("[redirects] lookup of /old-contact took longer than 150 ms; serving the page");
    } finally {
      store.hangReads = false;
      await shipped.stop();
    }
  }, 120_000);
});

describe("the pages SST uploads to the S3 cache (.open-next/cache)", () => {
  it("are the finished pages: the script policy first in <head>, then the chunk-reload listener", async () => {
    const dir = path.join(root, "packages/web/.open-next/cache");
    const files = (await readdir(dir, { recursive: true })).filter((file) => file.endsWith(".cache"));
    const pages = [];
    for (const file of files) {
      const entry = JSON.parse(await readFile(path.join(dir, file), "utf8")) as { type?: string; html?: string };
      if (entry.type === "app" && entry.html) pages.push({ file, html: entry.html });
    }
    expect(pages.map((page) => path.basename(page.file))).toEqual(expect.arrayContaining(["index.cache", "about-me.cache", "couplesTherapy.cache"]));
    for (const { file, html } of pages) {
      const head = html.slice(html.indexOf("<head>"));
      expect(head, file).toMatch(/^<head><meta charSet="utf-8"\/><meta http-equiv="Content-Security-Policy" content="script-src 'self' [^"]*'sha256-[^"]+"\/>/);
      // Next's own fallback error document has no layout of ours, so no listener; every page of the site does.
      if (!file.includes("_global-error")) expect(head.slice(head.indexOf("/>", 40) + 2), file).toMatch(/^<script id="chunk-reload">/);
    }
  });
});
