/**
 * The repository's sample values never reach the world: a deploy of production or staging with
 * ops@example.com, the example.com domain or the placeholder tag manager stops before anything is
 * planned, naming each field; production also stops on anything the content compile lists as still
 * the sample's (a 555 number, the sample video, the profile links…). The settings and facts below
 * are the repository's as it ships, written out by hand (an owner's own infra/stages.ts and content
 * change the real ones); the plans the other tests read are made as `sst diff` (which still shows
 * them), and the last test runs the config as `sst deploy` does.
 */
import { appendFile, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { refuseSampleValues, sampleValueProblems, type SampleValue, type StageSettings, STAGES } from "../stages";
import { contentCopy } from "./plans";
import { planStage, root } from "./run-harness";

/** The stages and facts as the repository ships them. */
const SHIPPED = {
  production: { ...STAGES.production, alarmEmail: "ops@example.com", domain: { name: "www.example.com", redirects: ["example.com"] } },
  staging: { ...STAGES.staging, alarmEmail: "ops@example.com", domain: { name: "staging.example.com" } },
} satisfies Record<string, StageSettings>;
const SAMPLE_SITE = { siteUrl: "https://www.example.com", gtmId: "GTM-EXAMPLE" };

/** Part of what the content compile lists for the sample (packages/web/lib/content-compiler/checks/sample-values.ts). */
const STILL_SAMPLE: SampleValue[] = [
  { file: "content/site.config.ts", line: 16, field: "siteUrl", value: "https://www.example.com", what: "an example.com address: only ever an example" },
  { file: "content/site.config.ts", line: 21, field: "gtmId", value: "GTM-EXAMPLE", what: "the placeholder tag manager" },
  { file: "content/site.config.ts", line: 41, field: "therapist.licence.number", value: "LF 00000000", what: "the sample license number" },
  { file: "content/media/intro.mp4", field: "video.file", value: "/media/intro.mp4", what: "the sample intro video (Jordan's hello)" },
  { file: "content/redirects.json", line: 14, value: "https://booking.example.com/cedar-and-sound", what: "an example.com address: only ever an example" },
];

/** What the operator is told for each stage, with the repository as it ships: by hand. */
const EXPECTED = {
  production: [
    "ACCOUNTS.production in infra/stages.ts (production's account) is the sample id 111111111111: set the id of the production account.",
    "STAGES.production.alarmEmail in infra/stages.ts is the sample address ops@example.com: set the address that should get the alarms (its two subscriptions must be confirmed after the deploy).",
    "STAGES.production.domain in infra/stages.ts is the sample domain www.example.com: set the practice's own domain.",
    "STAGES.production.domain in infra/stages.ts is the sample domain example.com: set the practice's own domain.",
    "siteUrl in content/site.config.ts is the sample address https://www.example.com: set the practice's own (production's domain).",
    'gtmId in content/site.config.ts is the placeholder GTM-EXAMPLE: set the tag manager container\'s id, or "" for no analytics.',
    'content/site.config.ts: line 41 (therapist.licence.number): "LF 00000000" is still the sample\'s (the sample license number): replace it (`pnpm content` lists every one).',
    'content/media/intro.mp4 (video.file): "/media/intro.mp4" is still the sample\'s (the sample intro video (Jordan\'s hello)): replace it (`pnpm content` lists every one).',
    'content/redirects.json: line 14: "https://booking.example.com/cedar-and-sound" is still the sample\'s (an example.com address: only ever an example): replace it (`pnpm content` lists every one).',
  ],
  staging: [
    "ACCOUNTS.development in infra/stages.ts (staging's account) is the sample id 222222222222: set the id of the development account.",
    "STAGES.staging.alarmEmail in infra/stages.ts is the sample address ops@example.com: set the address that should get the alarms (its two subscriptions must be confirmed after the deploy).",
    "STAGES.staging.domain in infra/stages.ts is the sample domain staging.example.com: set the practice's own domain.",
    "siteUrl in content/site.config.ts is the sample address https://www.example.com: set the practice's own (production's domain).",
    'gtmId in content/site.config.ts is the placeholder GTM-EXAMPLE: set the tag manager container\'s id, or "" for no analytics.',
  ],
};

describe("a deploy with the sample values", () => {
  it.each(["production", "staging"] as const)("of %s is refused, each sample field named (production: everything still the sample's)", (stage) => {
    expect(sampleValueProblems(stage, SHIPPED[stage], SAMPLE_SITE, STILL_SAMPLE)).toEqual(EXPECTED[stage]);
  });

  it("of a pull request's stage goes ahead (it has no domain, no alarms, and is kept out of search engines)", () => {
    expect(sampleValueProblems("pr-42", SHIPPED.staging, SAMPLE_SITE, STILL_SAMPLE)).toEqual([]);
  });

  it("goes ahead once the owner has set their own values (no analytics is a choice: an empty gtmId)", () => {
    const own: StageSettings = { ...STAGES.production, alarmEmail: "alerts@cedarandsound.net", domain: { name: "www.cedarandsound.net", redirects: ["cedarandsound.net"] } };
    const accounts = { production: "480512349876", development: "715093816240" };
    const ownSite = { siteUrl: "https://www.cedarandsound.net", gtmId: "" };
    expect(sampleValueProblems("production", own, ownSite, [], accounts)).toEqual([]);
    expect(sampleValueProblems("production", own, { ...ownSite, gtmId: "GTM-K7Q2M9X" }, [], accounts)).toEqual([]);
    // A subdomain of the sample domain is still the sample domain.
    expect(sampleValueProblems("staging", { ...own, domain: { name: "staging.example.org" } }, ownSite, [], accounts)).toHaveLength(1);
    // The sample account ids, even under other names.
    expect(sampleValueProblems("production", own, ownSite, [], { ...accounts, production: "222222222222" })).toEqual([
      "ACCOUNTS.production in infra/stages.ts (production's account) is the sample id 222222222222: set the id of the production account.",
    ]);
    // One sample value left in the content stops production, and only production.
    const video = STILL_SAMPLE.filter((value) => value.field === "video.file");
    const videoLine = 'content/media/intro.mp4 (video.file): "/media/intro.mp4" is still the sample\'s (the sample intro video (Jordan\'s hello)): replace it (`pnpm content` lists every one).';
    expect(sampleValueProblems("production", own, ownSite, video, accounts)).toEqual([videoLine]);
    expect(sampleValueProblems("staging", { ...own, domain: { name: "staging.cedarandsound.net" } }, ownSite, video, accounts)).toEqual([]);
    expect(() => refuseSampleValues("production", own, ownSite, video)).toThrow(videoLine);
  });

  it("stops `sst deploy` of production in sst.config.ts, before anything is planned, naming what the content still has of the sample", async () => {
    // The site's content, whatever the owner has made of it, with one sample number typed into a page.
    const dir = path.join(root, ".sst/plans/sample-content");
    await contentCopy(dir);
    const contact = path.join(dir, "pages/contact.md");
    const line = (await readFile(contact, "utf8")).split("\n").length;
    await appendFile(contact, "Or call (206) 555-0142.\n");
    const failure = await planStage("production", { name: "production-as-deploy", env: { PLAN_COMMAND: "deploy", CONTENT_DIR: dir } }).then(
      () => "planned",
      (error: Error & { stderr?: string }) => error.stderr ?? error.message,
    );
    expect(failure).toContain("the config failed after planning 0 resources");
    expect(failure).toContain("The production stage would be deployed with the repository's sample values; nothing was planned or changed:");
    expect(failure).toContain(`content/pages/contact.md: line ${line}: "(206) 555-0142" is still the sample's (a 555 number: only ever fictional): replace it (\`pnpm content\` lists every one).`);
  }, 600_000);
});
