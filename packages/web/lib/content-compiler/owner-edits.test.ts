/**
 * An owner's edit fails no test. A copy of the second practice (testing/practices) is made into a
 * third practice the way an owner makes the sample theirs: facts no one wrote by hand (drawn from a
 * seed, ./testing/personalise.ts: the practice's and therapist's names, phone, email, booking link,
 * street, fees, hours) in place of its own, a short post about a closure, and Olympia's couples page
 * started from Tacoma's. Then `pnpm content` builds it, with the new facts and warnings that say what
 * to improve, and every test of the owner's content (`*.content.test.ts`, in every package) passes
 * on it (CONTENT_DIR): the tests that read the owner's content hold for any facts. (The rest of the
 * suites test code on fixture content; they never read content/.)
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { SECOND_PRACTICE_DIR } from "@practice/site-index";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteConfigInput } from "../../../../content/site.config.types";
import type { Content } from "../content/types";
import { type OwnFacts, ownFacts, personalise, seeded } from "./testing/personalise";

const run = promisify(execFile);
const webDir = path.resolve(import.meta.dirname, "../..");
const repoRoot = path.resolve(webDir, "../..");
/** Another seed, another practice: `OWNER_EDITS_SEED=7 pnpm --filter @practice/web exec vitest run owner-edits`. */
const SEED = Number(process.env.OWNER_EDITS_SEED ?? 40);

let tempDir: string;
let contentDir: string;
let facts: OwnFacts;

const SHORT_POST = `---
title: "Closed for the Holidays"
description: "The office is closed for the last week of December; video sessions go on as usual, and calls are returned as soon as the office reopens."
date: 2026-05-01
categories: [Practice News]
image: /images/blog-kitchen-table.jpg
imageAlt: A wooden kitchen table with three cups and a small vase of flowers
---

The office closes for the last week of December. Video sessions go on as usual for clients who have booked them.

## Booking in January

New clients can book a free consultation call for January now.
`;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "owner-edits-"));
  contentDir = path.join(tempDir, "content");
  await cp(SECOND_PRACTICE_DIR, contentDir, { recursive: true });
  const configFile = path.join(contentDir, "site.config.ts");
  const current = (await import(path.join(SECOND_PRACTICE_DIR, "site.config.ts"))).default as SiteConfigInput;
  facts = ownFacts(current, seeded(SEED));
  await writeFile(configFile, personalise(await readFile(configFile, "utf8"), current, facts));
  await writeFile(path.join(contentDir, "blog/closed-for-the-holidays.md"), SHORT_POST);
  const tacoma = await readFile(path.join(contentDir, "services/tacoma/couplesTherapy.md"), "utf8");
  await writeFile(path.join(contentDir, "services/olympia/couplesTherapy.md"), tacoma.replaceAll("Tacoma", "Olympia"));
}, 60_000);

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe(`an owner's edits (seed ${SEED})`, () => {
  it("build, with the owner's facts, and warnings that say what to improve", async () => {
    const generated = path.join(tempDir, "generated");
    const env = { ...process.env, CONTENT_DIR: contentDir, GENERATED_DIR: generated, BUILD_ID: "owner-edits" };
    const { stderr } = await run(process.execPath, ["--import", "tsx", "scripts/content.ts", "--no-media"], { cwd: webDir, env });
    expect(stderr).toContain("content/blog/closed-for-the-holidays.md: has 1 section heading (lines starting ## ); a blog post should have at least 3");
    expect(stderr).toMatch(/content\/services\/olympia\/couplesTherapy\.md: reads almost the same as content\/services\/tacoma\/couplesTherapy\.md \(\d+% of their phrases are the same\)/);
    expect(stderr).toMatch(/content\/services\/olympia\/couplesTherapy\.md: line \d+: "North Slope"(, "[^"]+")* (is|are) Tacoma's/);
    const { site } = JSON.parse(await readFile(path.join(generated, "content.json"), "utf8")) as Content;
    expect({
      siteName: site.siteName,
      therapist: site.therapist.name,
      phone: site.contact.phone,
      phoneDisplay: site.contact.phoneDisplay,
      email: site.contact.email,
      bookingUrl: site.contact.bookingUrl,
      siteUrl: site.siteUrl,
      street: site.address.street,
      fees: {
        couplesTherapy: site.fees.sessions.couplesTherapy.amount,
        individualTherapy: site.fees.sessions.individualTherapy.amount,
        slidingLowest: site.fees.slidingScale.lowest,
        marathon: Object.fromEntries(site.fees.marathon.map((format) => [format.id, format.amount])),
      },
      hours: Object.fromEntries(site.hours.map((entry) => [entry.id, { opens: entry.opens, closes: entry.closes }])),
    }).toEqual(facts);
  }, 180_000);

  it("fail no test of the owner's content, in any package", async () => {
    const packages = path.join(repoRoot, "packages");
    const runs: { name: string; files: string[] }[] = [];
    for (const dir of await readdir(packages)) {
      const files = (await readdir(path.join(packages, dir), { recursive: true })).filter((file) => file.endsWith(".content.test.ts") && !file.includes("node_modules"));
      const { name } = JSON.parse(await readFile(path.join(packages, dir, "package.json"), "utf8")) as { name: string };
      if (files.length > 0) runs.push({ name, files });
    }
    // The packages whose tests read the owner's content: found, not listed, so a new one is run too.
    expect(runs.map(({ name }) => name).sort()).toEqual(["@practice/redirects", "@practice/web"]);
    for (const { name, files } of runs) {
      const result = await run("pnpm", ["--filter", name, "exec", "vitest", "run", ...files, "--reporter=dot"], { cwd: repoRoot, env: { ...process.env, CONTENT_DIR: contentDir }, maxBuffer: 64 * 1024 * 1024 }).then(
        () => ({ code: 0, output: "" }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}\n${error.stderr}` }),
      );
      expect(result, name).toEqual({ code: 0, output: "" });
    }
  }, 600_000);
});
