import { CloudFrontClient, CreateInvalidationCommand } from "@aws-sdk/client-cloudfront";
import { mockClient } from "aws-sdk-client-mock";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { CloudFrontCdn } from "../cdn";
import { commandHarness } from "../testing/commands";

const harness = commandHarness();
const { cli, froms, importFile } = harness;

describe("what pnpm redirects tells the owner", () => {
  const LIVE_LOCAL = "Live on the local site within 5 minutes (its lookup cache, REDIRECTS_CACHE_TTL_MS).";
  beforeEach(() => {
    const paths = ["/", "/about-me", "/contact", "/blog", "/policies", "/ratesAndInsurance", "/services/couplesTherapy"];
    harness.site = { paths: new Set(paths), pages: paths.map((page) => ({ path: page, title: "" })), categories: [], siteUrl: "https://www.example.com" };
  });

  const REFUSED: { input: string; args: string[]; err: string[] }[] = [
    {
      input: "a target that is not a page, close to one",
      args: ["put", "/old", "/abuot-me"],
      err: ["/old: target /abuot-me is not a page of the site (did you mean /about-me?): add --force to save it anyway", "1 problem. Nothing was written."],
    },
    {
      input: "a target that is not a page, close to none",
      args: ["put", "/old", "/nowhere-at-all"],
      err: ["/old: target /nowhere-at-all is not a page of the site: add --force to save it anyway", "1 problem. Nothing was written."],
    },
    {
      input: "a source that is a full URL on another host",
      args: ["put", "https://other.example/old-page", "/about-me"],
      err: [
        "https://other.example/old-page: source is an address on other.example, not on this site (www.example.com or example.com, siteUrl): only this site's paths can be redirected",
        "1 problem. Nothing was written.",
      ],
    },
  ];

  it.each(REFUSED)("refuses $input, naming it", async ({ args, err: expected }) => {
    expect(await cli(...args)).toBe(1);
    expect(harness.err).toEqual(expected);
    expect(await froms()).toEqual([]);
  });

  const SAVED: { input: string; args: string[]; out: string[] }[] = [
    { input: "a source on the site's own host", args: ["put", "https://www.example.com/old-page", "/about-me"], out: ["Saved: /old-page → /about-me (301)"] },
    { input: "a source on its bare domain, with a trailing slash", args: ["put", "https://example.com/old-page/", "/about-me"], out: ["Saved: /old-page → /about-me (301)"] },
    { input: "a source on the old http:// site", args: ["put", "http://www.example.com/old-page", "/about-me"], out: ["Saved: /old-page → /about-me (301)"] },
    { input: "a target that is not a page, with --force", args: ["put", "/old", "/abuot-me", "--force"], out: ["Saved: /old → /abuot-me (301)"] },
    { input: "a target on another site", args: ["put", "/book", "https://booking.example.com/x"], out: ["Saved: /book → https://booking.example.com/x (301)"] },
    { input: "a target with a query", args: ["put", "/couples", "/blog?category=Couples%20Therapy"], out: ["Saved: /couples → /blog?category=Couples%20Therapy (301)"] },
  ];

  it.each(SAVED)("saves $input, and says when it is live", async ({ args, out: expected }) => {
    expect(await cli(...args)).toBe(0);
    expect(harness.out).toEqual(expected);
    expect(harness.err).toEqual([LIVE_LOCAL]);
  });

  it("import takes a full URL of the site as its path, and refuses a target that is not a page, naming the line", async () => {
    const file = path.join(harness.dir, "old.csv");
    await writeFile(file, "from,to\nhttps://www.example.com/old-about,/about-me\n/old-rates,/rates\n");
    expect(await cli("import", file)).toBe(1);
    expect(harness.err).toEqual([`line 3 (/old-rates): target /rates is not a page of the site (did you mean /ratesAndInsurance?): add --force to save it anyway`, `1 problem in ${file}. Nothing was written.`]);
    harness.err = [];
    await writeFile(file, "from,to\nhttps://www.example.com/old-about,/about-me\n/old-rates,/ratesAndInsurance\n");
    expect(await cli("import", file)).toBe(0);
    expect(harness.out).toEqual(["Imported 2 redirects."]);
    expect(harness.err).toEqual([LIVE_LOCAL]);
    expect(await froms()).toEqual(["/old-about", "/old-rates"]);
  });

  it("cannot take a full URL apart when the site's address is not known here, and says so", async () => {
    harness.site = undefined;
    expect(await cli("put", "https://www.example.com/old-page", "/about-me")).toBe(1);
    expect(harness.err).toEqual([
      "Notice: sources and targets not checked against live pages: the site's pages are not known here (packages/web/.generated is missing: run pnpm content or pnpm build).",
      "https://www.example.com/old-page: source must be a path starting with / (write /old-page; the site's own address is not known here to take it off)",
      "1 problem. Nothing was written.",
    ]);
  });

  it("says when a change on a stage is live: after the invalidation, or without it", async () => {
    const cloudFront = mockClient(CloudFrontClient);
    cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: "I2EXAMPLE", Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined } });
    harness.cdn = { kind: "cloudfront", cdn: new CloudFrontCdn("E1DISTRIBUTION", new CloudFrontClient({ region: "us-east-1" })) };
    expect(await cli("put", "/old-page", "/about-me")).toBe(0);
    expect(harness.out.at(-1)).toBe("Invalidated 2 paths in CloudFront distribution E1DISTRIBUTION (invalidation I2EXAMPLE).");
    expect(harness.err).toEqual(["Live within about 5 minutes: the invalidation spreads in a minute or two, then each server's lookup cache (5 minutes) expires."]);
    harness.err = [];
    expect(await cli("rm", "/old-page", "--no-invalidate")).toBe(0);
    expect(harness.err).toEqual(["Live, for a changed redirect, within 10 minutes (CloudFront, then the lookup cache); a page replaced with --force may stay cached for up to a year."]);
    harness.err = [];
    harness.cdn = { kind: "unlinked" };
    expect(await cli("put", "/old-page", "/about-me")).toBe(0);
    expect(harness.err).toEqual([
      "No CloudFront distribution is linked (use --stage NAME): 1 changed path not invalidated.",
      "Live, for a changed redirect, within 10 minutes (CloudFront, then the lookup cache); a page replaced with --force may stay cached for up to a year.",
    ]);
    cloudFront.restore();
  });
});

describe("CloudFront invalidation after a change on a stage", () => {
  const cloudFront = mockClient(CloudFrontClient);
  beforeEach(() => {
    cloudFront.reset();
    cloudFront.on(CreateInvalidationCommand).resolves({ Invalidation: { Id: "I2EXAMPLE", Status: "InProgress", CreateTime: new Date(), InvalidationBatch: undefined } });
    harness.cdn = { kind: "cloudfront", cdn: new CloudFrontCdn("E1DISTRIBUTION", new CloudFrontClient({ region: "us-east-1" })) };
  });
  const batches = () => cloudFront.commandCalls(CreateInvalidationCommand).map((call) => call.args[0].input);

  it("invalidates each changed source, with and without its slash, once per command, after the write", async () => {
    expect(await cli("put", "/old-page/", "/about-me")).toBe(0);
    expect(harness.out.at(-1)).toBe("Invalidated 2 paths in CloudFront distribution E1DISTRIBUTION (invalidation I2EXAMPLE).");
    expect(await importFile([{ from: "/old-page", to: "/about-me" }, { from: "/a", to: "/blog" }, { from: "/b", to: "/contact" }])).toBe(0);
    expect(await cli("rm", "/a")).toBe(0);
    expect(batches().map((input) => [input.DistributionId, input.InvalidationBatch?.Paths])).toEqual([
      ["E1DISTRIBUTION", { Quantity: 2, Items: ["/old-page", "/old-page/"] }],
      ["E1DISTRIBUTION", { Quantity: 4, Items: ["/a", "/a/", "/b", "/b/"] }], // /old-page is unchanged
      ["E1DISTRIBUTION", { Quantity: 2, Items: ["/a", "/a/"] }],
    ]);
    expect(new Set(batches().map((input) => input.InvalidationBatch?.CallerReference)).size).toBe(3);
  });

  it("invalidates nothing when the write is refused or fails, or with --no-invalidate", async () => {
    expect(await cli("put", "/x", "http://insecure.example")).toBe(1);
    harness.store.failBatchWrite = () => true;
    expect(await importFile([{ from: "/y", to: "/blog" }])).toBe(1);
    harness.store.failBatchWrite = undefined;
    expect(await cli("put", "/z", "/blog", "--no-invalidate")).toBe(0);
    expect(harness.out.at(-1)).toMatch(/^Not invalidating CloudFront \(--no-invalidate\)/);
    expect(batches()).toEqual([]);
  });

  it("says the change is saved when the invalidation fails", async () => {
    cloudFront.on(CreateInvalidationCommand).rejects(new Error("AccessDenied"));
    expect(await cli("put", "/p", "/blog")).toBe(1);
    expect(await harness.store.table.get("/p")).toMatchObject({ to: "/blog" });
    expect(harness.err.at(-1)).toMatch(/^The change is saved, but the CloudFront invalidation failed \(AccessDenied\)/);
  });

  it("invalidates nothing and says nothing about it for the local store", async () => {
    harness.cdn = { kind: "local" };
    expect(await cli("put", "/q", "/blog")).toBe(0);
    expect(harness.out).toEqual(["Saved: /q → /blog (301)"]);
    expect(batches()).toEqual([]);
  });
});
