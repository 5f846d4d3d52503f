import { openLocalStore, type LocalStore } from "@practice/redirects/local";
import { prepareVisitsTable } from "@practice/visits/local";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import blogCategories from "@/.generated/blog-categories.json";
import pagePaths from "@/.generated/routes.json";

vi.mock("server-only", () => ({}));

const PERSON = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36";
let dir: string;
let store: LocalStore;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "visits-route-"));
  store = await openLocalStore({ port: 0, dataDir: dir, seedFile: false, log: () => {} });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await store?.close();
  await rm(dir, { recursive: true, force: true, maxRetries: 5 });
});

/** The endpoint of a fresh server process, counting into a table of its own (or `endpoint`'s). */
async function endpoint(dynamoEndpoint = store.endpoint) {
  const table = await prepareVisitsTable(store.endpoint, `visits-${++n}`);
  vi.stubEnv("VISITS_TABLE", table.name);
  vi.stubEnv("DYNAMODB_ENDPOINT", dynamoEndpoint);
  vi.resetModules();
  const visits = await import("./visits");
  const beacon = (body: BodyInit, headers: Record<string, string> = {}) =>
    visits.answerBeacon(
      // duplex: Node's fetch needs it for a streamed body (the DOM's RequestInit type does not know it).
      new Request("http://127.0.0.1/visit", { method: "POST", body, duplex: "half", headers: { "user-agent": PERSON, "sec-fetch-site": "same-origin", "x-forwarded-for": "198.51.100.23", ...headers } } as RequestInit),
      () => new Date("2026-05-01T18:00:00Z"),
    );
  const items = () => table.scan();
  return { ...visits, beacon, items };
}

let errors: string[];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
});

describe("the visit counter's endpoint", () => {
  it("counts every published page under its own path, a blog category's list under the category's spelling, anything else as other", async () => {
    const { countedPage } = await endpoint();
    expect(pagePaths.length).toBeGreaterThan(10);
    for (const page of pagePaths) expect(countedPage(page, undefined)).toBe(page);
    const category = blogCategories[0]!.name;
    expect(countedPage("/blog", category.toUpperCase())).toBe(`/blog?category=${encodeURIComponent(category)}`);
    expect(countedPage("/blog", "jane@example.com")).toBe("other");
    expect(countedPage("/about-me/", undefined)).toBe("other");
    expect(countedPage("/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis", undefined)).toBe("other");
    expect(countedPage("/blog-by-category/couples-therapy", undefined)).toBe("other");
  });

  it("answers 204 and keeps only the day, the page and counts", async () => {
    const { beacon, items } = await endpoint();
    const response = await beacon("p=%2Fjane.doe%40gmail.com%2F206-555-1234&r=www.google.com");
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");
    expect(await items()).toEqual([{ day: "2026-05-01", page: "other", views: 1, fromSearch: 1, expires: Date.UTC(2027, 5, 6) / 1000 }]);
    expect(errors).toEqual([]);
  });

  it("refuses a body over 1 KB without reading it all, and unknown fields, with a 4xx", async () => {
    const { beacon, items } = await endpoint();
    expect((await beacon(`p=%2F&x=${"a".repeat(2000)}`)).status).toBe(413);
    // A stream that never ends is read only to its first 1,025 bytes.
    let pulled = 0;
    const endless = new ReadableStream({ pull: (controller) => void (pulled++, controller.enqueue(new TextEncoder().encode("p=%2F".padEnd(600, "x")))) });
    expect((await beacon(endless)).status).toBe(413);
    expect(pulled).toBeLessThan(5);
    expect((await beacon("p=%2F&session=abc123")).status).toBe(400);
    expect(await items()).toEqual([]);
  });

  it("answers 204 when the table cannot be reached, logging the failure's kind and nothing of the request", async () => {
    const { beacon } = await endpoint("http://127.0.0.1:9"); // nothing listens on the discard port
    const response = await beacon("p=%2Fcontact&r=www.google.com");
    expect(response.status).toBe(204);
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(/^\[visits\] a count was lost: \w+$/);
  });
});

