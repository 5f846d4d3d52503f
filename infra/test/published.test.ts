/**
 * A production deploy never drops an address the site published without a redirect or a 410
 * (infra/published.ts, called by sst.config.ts before anything is planned): checked offline, from
 * content/published.json and the pages the deploy's content compiles to. The record here is a
 * scratch copy written by hand; the messages are written out by hand.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatPublished, type PublishedEntry } from "@practice/redirects/published";
import { droppedAddressProblems, refuseDroppedAddresses } from "../published";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "published-deploy-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const record = (entries: Record<string, PublishedEntry>) => writeFile(path.join(dir, "published.json"), formatPublished(new Map(Object.entries(entries))));
const ROUTES = ["/", "/about-me", "/blog", "/blog/new-slug"];

describe("a production deploy", () => {
  it("goes ahead when every published address is a page, moved to one, or gone", async () => {
    await record({ "/": { title: "Home" }, "/about-me": { title: "About" }, "/blog": { title: "Blog" }, "/blog/new-slug": { title: "Post" }, "/blog/old-slug": { title: "Post", movedTo: "/blog/new-slug" }, "/blog/withdrawn": { title: "Old news", gone: true } });
    expect(await droppedAddressProblems("production", ROUTES, dir)).toEqual([]);
  });

  it("is refused, before anything is planned, for a published address left answering “Page not found”, naming each and the commands", async () => {
    await record({ "/": { title: "Home" }, "/about-me": { title: "About" }, "/blog": { title: "Blog" }, "/blog/old-slug": { title: "Repair after a fight" }, "/blog/other": { title: "Other", movedTo: "/blog/nowhere" } });
    const problems = [
      "content/published.json does not list a page this deploy publishes (/blog/new-slug): run pnpm content and commit the file, so that no later change can drop it unseen.",
      '/blog/old-slug ("Repair after a fight") was published and is no longer a page: pnpm redirects moved /blog/old-slug /new-address (pnpm content suggests one), or pnpm redirects gone /blog/old-slug; then commit content/published.json.',
      "/blog/other moves to /blog/nowhere, which is not a page of the site: pnpm redirects moved /blog/other /new-address, or pnpm redirects gone /blog/other; then commit content/published.json.",
    ];
    expect(await droppedAddressProblems("production", ROUTES, dir)).toEqual(problems);
    await expect(refuseDroppedAddresses("production", ROUTES, dir)).rejects.toThrow(
      `The production stage would be deployed with addresses it published answering "Page not found"; nothing was planned or changed:\n- ${problems.join("\n- ")}`,
    );
  });

  it("is refused without a record at all; another stage deploys anyway (the compile warns there)", async () => {
    expect(await droppedAddressProblems("production", ROUTES, dir)).toEqual(["content/published.json is missing: run pnpm content (or pnpm build), which writes it, and commit it with the content."]);
    expect(await droppedAddressProblems("staging", ROUTES, dir)).toEqual([]);
    expect(await droppedAddressProblems("pr-42", ROUTES, dir)).toEqual([]);
  });
});
