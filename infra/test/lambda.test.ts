import { execFile } from "node:child_process";
import { createCipheriv, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStore, type TestStore } from "../../packages/redirects/src/testing/store";
import { root } from "./run-harness";

const run = promisify(execFile);
const HANDLER = path.join(root, "packages/web/.open-next/server-functions/default/index.mjs");

interface Invocation {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
  ms: number;
}

let store: TestStore;
let linkEnv: Record<string, string>;

/**
 * The link exactly as SST delivers it to the deployed function: the linked resources encrypted in
 * a file (AES-256-GCM, zero nonce), the key in SST_KEY, the file in SST_KEY_FILE.
 */
async function sstLink(resources: Record<string, unknown>): Promise<Record<string, string>> {
  const key = randomBytes(32);
  const cipher = createCipheriv("aes-256-gcm", key, Buffer.alloc(12, 0));
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(resources)), cipher.final(), cipher.getAuthTag()]);
  const file = path.join(await mkdtemp(path.join(tmpdir(), "sst-link-")), "resource.enc");
  await writeFile(file, encrypted);
  return { SST_KEY: key.toString("base64"), SST_KEY_FILE: file };
}

async function invoke(paths: string[], env: Record<string, string>): Promise<Invocation[]> {
  const { stdout } = await run("node", [path.join(root, "infra/test/lambda/invoke.mjs"), HANDLER, JSON.stringify(paths)], {
    cwd: path.dirname(HANDLER),
    env: { PATH: process.env.PATH, AWS_REGION: "us-west-2", AWS_ACCESS_KEY_ID: "test", AWS_SECRET_ACCESS_KEY: "test", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 90_000,
  });
  const mark = "@invocation ";
  return stdout.split("\n").filter((line) => line.startsWith(mark)).map((line) => JSON.parse(line.slice(mark.length)) as Invocation);
}

const text = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

beforeAll(async () => {
  if (!existsSync(HANDLER)) throw new Error("Build the Lambda first: pnpm build:lambda");
  store = await startTestStore("cedar-and-sound-test-RedirectsTable");
  await store.table.putMany([
    { from: "/old-about", to: "/about-me" },
    { from: "/old-category", to: "/blog?category=Couples%20Therapy" },
  ]);
  linkEnv = { ...(await sstLink({ Redirects: { name: store.table.name, type: "sst.aws.Dynamo" } })), DYNAMODB_ENDPOINT: store.endpoint };
});

afterAll(async () => {
  await store?.stop();
});

describe("the built server Lambda (.open-next/server-functions/default)", () => {
  it("serves pages, 404s and legacy redirects, reading the table through its SST link", async () => {
    const [home, service, missing, legacy] = await invoke(["/", "/services/couplesTherapy", "/no-such-page", "/old-about"], linkEnv);
    expect(home?.status).toBe(200);
    expect(text(home?.body ?? "")).toContain("Ready to talk?");
    expect(service?.status).toBe(200);
    expect(service?.body).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(missing?.status).toBe(404);
    expect(text(missing?.body ?? "")).toContain("Page not found: /no-such-page");
    expect(legacy?.status).toBe(301);
    expect(legacy?.headers.location).toBe("/about-me");
    expect(store.calls.GetItem ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it("keeps the request's query text byte for byte on a redirect", async () => {
    // [request, the Location a visitor must get], written out by hand.
    const expected: [string, string][] = [
      ["/old-about?flag", "/about-me?flag"],
      ["/old-about?q=a%20b&&x=1+2", "/about-me?q=a%20b&&x=1+2"],
      ["/old-about?x=%2F&utm_source=x&flag", "/about-me?x=%2F&utm_source=x&flag"],
      ["/old-about?=odd&%zz&next=//evil.example", "/about-me?=odd&%zz&next=//evil.example"],
      ["/old-category?flag&category=Other&q=a%20b", "/blog?category=Couples%20Therapy&flag&q=a%20b"],
      ["/about-me/?flag&q=a%20b", "/about-me?flag&q=a%20b"],
    ];
    const answers = await invoke(expected.map(([request]) => request), linkEnv);
    expect(answers.map((answer) => [answer.path, answer.status, answer.headers.location])).toEqual(expected.map(([request, location]) => [request, 301, location]));
  }, 120_000);

  it("still serves every page when the table cannot be reached (fail open)", async () => {
    await store.stop();
    try {
      const [home, about, service, legacy] = await invoke(["/", "/about-me", "/services/seattle/couplesTherapy", "/old-about"], linkEnv);
      for (const page of [home, about, service]) expect(page?.status, page?.path).toBe(200);
      // With no table to ask, a legacy URL is served as if there were no redirects: not found, no error.
      expect(legacy?.status).toBe(404);
    } finally {
      await store.restart();
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
