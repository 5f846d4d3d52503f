/**
 * An owner's edit fails no test. A copy of content/ is edited the way an owner edits it (their own
 * phone number, new fees and hours, a short post, a city page copied from another city's), then:
 * `pnpm content` builds it and says what to improve, and every package's unit suite passes on it
 * (CONTENT_DIR), as `pnpm test:unit` runs them. (The suites' own tests of code use fixture content.)
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REAL_CONTENT_DIR } from "./testing/fixture";

const run = promisify(execFile);
const webDir = path.resolve(import.meta.dirname, "../..");
const repoRoot = path.resolve(webDir, "../..");
let tempDir: string;
let contentDir: string;

async function edit(file: string, change: (text: string) => string) {
  const full = path.join(contentDir, file);
  const before = await readFile(full, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`the edit of ${file} changed nothing: the content no longer reads as this test expects`);
  await writeFile(full, after);
}

const SHORT_POST = `---
title: "Closed for the Holidays"
description: "The office is closed from December 24 to January 2; telehealth sessions go on as usual, and calls are returned within a day."
date: 2026-05-01
categories: [Practice News]
image: /images/blog-kites.jpg
imageAlt: Two kites flying side by side in a pale blue sky
---

The office closes for the holidays from December 24 to January 2. Telehealth sessions go on as
usual for clients who have booked them, and I return calls within one business day.

## Booking in January

New clients can book a free consultation call for the first week of January now.
`;

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "owner-edits-"));
  contentDir = path.join(tempDir, "content");
  await cp(REAL_CONTENT_DIR, contentDir, { recursive: true });
  // Their own phone number (not a 555 sample), new fees and new hours.
  await edit("site.config.ts", (text) =>
    text
      .replace('phone: "+1-206-555-0142"', 'phone: "+1-425-867-5309"')
      .replace('phoneDisplay: "(206) 555-0142"', 'phoneDisplay: "(425) 867-5309"')
      .replace("couplesTherapy: { amount: 210, minutes: 80 }", "couplesTherapy: { amount: 225, minutes: 80 }")
      .replace("individualTherapy: { amount: 165, minutes: 53 }", "individualTherapy: { amount: 175, minutes: 53 }")
      .replace('opens: "09:00", closes: "17:00"', 'opens: "10:00", closes: "18:00"'),
  );
  // A short post with one section, to tell clients about a closure.
  await writeFile(path.join(contentDir, "blog/closed-for-the-holidays.md"), SHORT_POST);
  // Tacoma's couples page started from Renton's.
  const renton = await readFile(path.join(contentDir, "services/renton/couplesTherapy.md"), "utf8");
  await writeFile(path.join(contentDir, "services/tacoma/couplesTherapy.md"), renton.replaceAll("Renton", "Tacoma"));
}, 60_000);

afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe("an owner's edits", () => {
  it("build, with warnings that say what to improve", async () => {
    const generated = path.join(tempDir, "generated");
    const env = { ...process.env, CONTENT_DIR: contentDir, GENERATED_DIR: generated, BUILD_ID: "owner-edits" };
    const { stderr } = await run(process.execPath, ["--import", "tsx", "scripts/content.ts", "--no-media"], { cwd: webDir, env });
    expect(stderr).toContain("content/blog/closed-for-the-holidays.md: has 1 section heading (lines starting ## ); a blog post should have at least 3");
    expect(stderr).toMatch(/content\/services\/renton\/couplesTherapy\.md: reads almost the same as content\/services\/tacoma\/couplesTherapy\.md \(\d+% of their phrases are the same\)/);
    const compiled = JSON.parse(await readFile(path.join(generated, "content.json"), "utf8")) as { site: { contact: { phone: string }; fees: { sessions: { couplesTherapy: { amount: number } } } } };
    expect(compiled.site.contact.phone).toBe("+1-425-867-5309");
    expect(compiled.site.fees.sessions.couplesTherapy.amount).toBe(225);
  }, 180_000);

  it("fail no unit test of any package", async () => {
    const env = { ...process.env, CONTENT_DIR: contentDir };
    const suites = [
      ["--filter", "@practice/web", "exec", "vitest", "run", "--exclude", "lib/content-compiler/owner-edits.test.ts"],
      ["--filter", "@practice/redirects", "exec", "vitest", "run"],
      ["--filter", "@practice/site-index", "exec", "vitest", "run"],
    ];
    for (const args of suites) {
      const result = await run("pnpm", [...args, "--reporter=dot"], { cwd: repoRoot, env, maxBuffer: 64 * 1024 * 1024 }).then(
        () => ({ code: 0, output: "" }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, output: `${error.stdout}\n${error.stderr}` }),
      );
      expect(result, args[1]).toEqual({ code: 0, output: "" });
    }
  }, 1_800_000);
});
