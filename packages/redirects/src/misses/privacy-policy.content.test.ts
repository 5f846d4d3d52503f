/**
 * The privacy policy of each practice (`practicesUnderTest`: content/ and the second practice, or the
 * copy CONTENT_DIR names) says what the site records of a page that does not exist, field by field,
 * and nothing it does not record.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { practicesUnderTest } from "@practice/site-index";
import { describe, expect, it } from "vitest";
import { CHROME } from "../testing/visitors";
import { describeMiss } from "./record";

describe.each(practicesUnderTest())("the privacy policy of the practice in $name", ({ contentDir }) => {
  // Each field of the record, and what the policy must say of it (written by hand from the policy).
  const SAID: Record<string, string[]> = {
    event: [],
    kind: [],
    path: ["the address asked for (shortened to 300 characters", "looks like an email address, an IP address, a phone number or another long number replaced by a placeholder"],
    referrer: ["the domain of the website the link was on (such as google.com, not the page itself)"],
    agent: ["whether the browser describes itself as an automated crawler"],
    time: ["the hour (not the exact time)"],
    visitor: ["a visitor code", "made from your IP address and the date with a secret key", "it changes every day"],
  };

  it("names every field of the recorded miss, as it is recorded, and nothing it does not record", async () => {
    const policy = (await readFile(path.join(contentDir, "pages/privacy-policy.md"), "utf8")).replace(/\s+/g, " ");
    const record = describeMiss({ path: `/call/425-555-0199/${"a".repeat(400)}`, referrer: "https://www.google.com/search?q=x", userAgent: CHROME, clientAddress: "203.0.113.9", time: new Date("2026-03-10T12:34:56Z") });
    expect(Object.keys(record).sort()).toEqual(Object.keys(SAID).sort());
    for (const phrases of Object.values(SAID)) for (const phrase of phrases) expect(policy).toContain(phrase);
    // What the policy says is true of the record.
    expect(record.path).toBe(`/call/{number}/${"a".repeat(300 - "/call/{number}/".length)}`);
    expect(record.referrer).toBe("www.google.com");
    expect(record.time).toBe("2026-03-10T12:00:00.000Z");
    expect(JSON.stringify(record)).not.toMatch(/203\.0\.113|Chrome|search\?q/);
    expect(policy).toContain("It does not note your IP address itself, the full address of the page you came from or your browser details.");
  });
});
