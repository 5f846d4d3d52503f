/**
 * Three build warnings of issue 40, each on a table written out by hand: a small main picture, a
 * promised outcome, a crisis number that cannot be tapped. The sentences are ones an owner might
 * write (and the sample's own, which keep to the rules).
 */
import { describe, expect, it } from "vitest";
import type { Content, ImageAsset } from "../../content/types";
import { unlinkedCrisisNumbers } from "./crisis-links";
import { mainImages } from "./main-images";
import { outcomePromises } from "./outcome-promises";

describe("a promised outcome", () => {
  it.each([
    ["I promise you will feel better within a few sessions.", ["I promise", "you will feel better"]],
    ["We guarantee results, or your next session is free.", ["We guarantee"]],
    ["Guaranteed results in eight weeks.", ["Guaranteed results"]],
    ["This method is guaranteed to work for every couple.", ["guaranteed to work"]],
    ["After the intensive you'll stop fighting.", ["you'll stop fighting"]],
    ["A weekend intensive will save your marriage.", ["will save your marriage"]],
    ["Our approach has a 95% success rate.", ["95% success"]],
  ])("%s", (text, phrases) => {
    expect(outcomePromises(text)).toEqual(phrases);
  });

  it.each([
    // Taking a promise back, or saying what often happens, is honest.
    "I can't promise you will feel better, but most people notice something shift.",
    "An intensive is not a shortcut or a guarantee.",
    "I cannot guarantee results; no honest therapist can.",
    "Trust has been damaged by a promise broken more than once.",
    "A long list of grievances all but guarantees a shutdown.",
    "Clear answers, and no promises of miracles, are good signs.",
    "Many couples feel better within a few sessions.",
    "Research on EFT reports that most couples improve.",
  ])("%s (no warning)", (text) => {
    expect(outcomePromises(text)).toEqual([]);
  });
});

describe("a crisis number that cannot be tapped", () => {
  const post = (body: string) => `---\ntitle: A post\ndescription: "If you are struggling, call 988."\n---\n\n${body}\n`;

  it.each([
    ["If you are struggling, call 988 or text 988.", [{ line: 6, number: "988", missing: ["[call 988](tel:988)", "[text 988](sms:988)"] }]],
    ["If you are struggling, [call 988](tel:988) or text 988.", [{ line: 6, number: "988", missing: ["[text 988](sms:988)"] }]],
    ["In an emergency, call 911.", [{ line: 6, number: "911", missing: ["[call 911](tel:911)"] }]],
    ["First paragraph.\n\nA second one,\nwhere the second line says call 988.", [{ line: 8, number: "988", missing: ["[call 988](tel:988)", "[text 988](sms:988)"] }]],
    ["- Call 911 in an emergency.\n- [Call 988](tel:988) or [text 988](sms:988).", [{ line: 6, number: "911", missing: ["[call 911](tel:911)"] }]],
    ["## If you need 988\n\n[Call 988](tel:988) or [text 988](sms:988).", [{ line: 6, number: "988", missing: ["[call 988](tel:988)", "[text 988](sms:988)"] }]],
  ])("%s", (body, found) => {
    expect(unlinkedCrisisNumbers(post(body))).toEqual(found);
  });

  it.each([
    "[Call **988**](tel:988) or [text **988**](sms:988) to reach the 988 Suicide & Crisis Lifeline.",
    "Chat at [988lifeline.org](https://988lifeline.org), or [call 911](tel:911).",
    'Or <a href="tel:988">call 988</a> or <a href="sms:988">text 988</a>.',
    "Room 9880 is on the ninth floor, and the bus is the 9110.",
  ])("%s (no warning; the description's 988 is front matter, which cannot hold a link)", (body) => {
    expect(unlinkedCrisisNumbers(post(body))).toEqual([]);
  });
});

describe("a small main picture", () => {
  const image = (width: number, height: number) => ({ width, height }) as ImageAsset;
  const content = {
    pages: { index: { key: "index", meta: { title: "Home", image: "/images/hero.jpg" } }, "about-me": { key: "about-me", meta: { title: "About", image: "/images/tiny.jpg" } } },
    services: [{ slug: "couplesTherapy", meta: { title: "Couples", image: "/images/wide.jpg" } }],
    locations: [],
    locationServices: [{ location: "tacoma", variation: "couplesTherapy", meta: { title: "Tacoma", image: "/images/tiny.jpg" } }],
    posts: [
      { slug: "small-picture", meta: { title: "A post", image: "/images/tiny.jpg" } },
      { slug: "just-wide-enough", meta: { title: "Another", image: "/images/wide.jpg" } },
    ],
    images: { "/images/tiny.jpg": image(300, 200), "/images/hero.jpg": image(1199, 800), "/images/wide.jpg": image(1200, 630) },
  } as unknown as Content;

  it("is named on a post, a service page and the home page, not on a page that does not show it", async () => {
    const found: string[] = [];
    await mainImages(content, { contentDir: "", markdown: async () => [], warn: (file, message, field) => found.push(`${file} (${field}): ${message}`) });
    expect(found).toEqual([
      "content/pages/index.md (image): /images/hero.jpg is 1199×800 pixels: the page's main picture is loaded first and shown up to 672 pixels wide (twice that on most screens), so it would look blurred; use one at least 1200 pixels wide",
      "content/services/tacoma/couplesTherapy.md (image): /images/tiny.jpg is 300×200 pixels: the page's main picture is loaded first and shown up to 672 pixels wide (twice that on most screens), so it would look blurred; use one at least 1200 pixels wide",
      "content/blog/small-picture.md (image): /images/tiny.jpg is 300×200 pixels: the page's main picture is loaded first and shown up to 672 pixels wide (twice that on most screens), so it would look blurred; use one at least 1200 pixels wide",
    ]);
  });
});
