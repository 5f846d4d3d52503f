/**
 * The owner-edits test's personalisation (./personalise.ts) makes every edit it claims, or stops:
 * on a config written out here by hand.
 */
import { describe, expect, it } from "vitest";
import type { SiteConfigInput } from "../../../../../content/site.config.types";
import { ownFacts, personalise, seeded } from "./personalise";

const CONFIG = `const config = {
  siteName: "Old Name Counseling",
  siteUrl: "https://www.old.test",
  therapist: { name: "Old Name" },
  contact: { phone: "+1-253-104-7781", phoneDisplay: "(253) 104-7781", email: "a@old.test", bookingUrl: "https://book.old.test" },
  address: { street: "1 Old Street" },
  hours: [
    { id: "inPerson", days: ["Monday"], opens: "07:00", closes: "15:00" },
    { id: "video", days: ["Monday"], opens: "07:00", closes: "18:00" },
  ],
  fees: {
    sessions: { couplesTherapy: { amount: 185, minutes: 75 }, individualTherapy: { amount: 150, minutes: 50 } },
    marathon: [{ id: "half-day", hours: 3, amount: 840 }, { id: "full-day", hours: 6, amount: 1620 }],
    slidingScale: { spots: 5, lowest: 80 },
  },
};`;
const CURRENT = {
  siteName: "Old Name Counseling",
  siteUrl: "https://www.old.test",
  therapist: { name: "Old Name" },
  contact: { phone: "+1-253-104-7781", phoneDisplay: "(253) 104-7781", email: "a@old.test", bookingUrl: "https://book.old.test" },
  address: { street: "1 Old Street" },
  hours: [
    { id: "inPerson", opens: "07:00", closes: "15:00" },
    { id: "video", opens: "07:00", closes: "18:00" },
  ],
  fees: { sessions: { couplesTherapy: { amount: 185 }, individualTherapy: { amount: 150 } }, marathon: [{ id: "half-day", amount: 840 }, { id: "full-day", amount: 1620 }], slidingScale: { lowest: 80 } },
} as unknown as SiteConfigInput;

describe("a personalisation", () => {
  it("writes every drawn fact where the config had its own, and no old value is left", () => {
    const facts = ownFacts(CURRENT, seeded(3));
    const text = personalise(CONFIG, CURRENT, facts);
    for (const old of ['"Old Name Counseling"', '"Old Name"', "+1-253-104-7781", "(253) 104-7781", "a@old.test", "book.old.test", "1 Old Street", "amount: 185", "amount: 150", "amount: 840", "amount: 1620", "lowest: 80", '"07:00"', '"15:00"', '"18:00"']) {
      expect(text, old).not.toContain(old);
    }
    expect(text).toContain(`siteName: ${JSON.stringify(facts.siteName)}`);
    expect(text).toContain(`{ id: "video", days: ["Monday"], opens: ${JSON.stringify(facts.hours.video!.opens)}, closes: ${JSON.stringify(facts.hours.video!.closes)} }`);
    expect(text).toContain(`{ id: "full-day", hours: 6, amount: ${facts.fees.marathon["full-day"]} }`);
    expect(facts.phone).not.toMatch(/-555-/);
  });

  it("draws the same practice from the same seed, another from another", () => {
    expect(ownFacts(CURRENT, seeded(3))).toEqual(ownFacts(CURRENT, seeded(3)));
    expect(ownFacts(CURRENT, seeded(4))).not.toEqual(ownFacts(CURRENT, seeded(3)));
  });

  it("stops, naming the field, when the config does not write a fact as expected", () => {
    const facts = ownFacts(CURRENT, seeded(3));
    expect(() => personalise(CONFIG.replace("amount: 185", "amount: 185.0"), { ...CURRENT, fees: { ...CURRENT.fees, sessions: { ...CURRENT.fees.sessions, couplesTherapy: { amount: 190, minutes: 75 } } } }, facts)).toThrow(
      /site\.config\.ts does not write fees\.sessions\.couplesTherapy\.amount as expected/,
    );
  });
});
