/**
 * The one list of what is still the sample's (./sample-values.ts): every place issue 40 found live
 * after an owner replaced the facts is named, by file, line and field; an owner's own values are
 * not. The content is written out here by hand, as is every expected line.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SiteConfig } from "../schema";
import { describeSampleValue, sampleValues } from "./sample-values";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A content folder of `files`; the config's text is line by line as given. */
async function contentOf(files: Record<string, string | Buffer>): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), "sample-values-"));
  for (const [file, data] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), data);
  }
  return dir;
}

/** The facts an owner replaced (name, phone, email, address, booking, hours…), and what they did not think of. */
const OWNER_EDITED = {
  siteName: "Birchwood Counseling",
  siteUrl: "https://www.birchwoodcounseling.net",
  gtmId: "",
  therapist: {
    name: "Sam Rivera",
    photo: "/images/portrait.jpg",
    photoAlt: "Illustrated portrait of Sam Rivera with short dark hair and a soft smile, on a sage-green background",
    licence: { number: "LF 60123456" },
    education: ["M.A. in Couple and Family Therapy, Example University (sample)"],
    sameAs: ["https://profiles.example.com/jordan-ellis-lmft", "https://www.psychologytoday.com/us/therapists/sam-rivera"],
  },
  contact: { phone: "+1-425-318-2290", phoneDisplay: "(425) 318-2290", email: "sam@birchwoodcounseling.net", bookingUrl: "https://birchwood.janeapp.com" },
  insurance: { inNetwork: ["Premera Blue Cross (sample)", "Regence BlueShield"] },
  video: { title: "A short hello from Jordan", file: "/media/intro.mp4", poster: "/media/intro-poster.jpg", captions: "/media/intro.vtt", transcript: `Hi, I'm Jordan. ${"If you're looking for a therapist, the first step is a call. ".repeat(3)}` },
} as unknown as SiteConfig;

const CONFIG_TEXT = [
  "// Sample values are 555 numbers and example.com addresses: replace them. (A comment: not a value.)",
  "export default {",
  '  siteUrl: "https://www.birchwoodcounseling.net",',
  '  photoAlt: "Illustrated portrait of {{therapist}} with short dark hair and a soft smile, on a sage-green background",',
  '  education: ["M.A. in Couple and Family Therapy, Example University (sample)"],',
  '  sameAs: ["https://profiles.example.com/jordan-ellis-lmft", "https://www.psychologytoday.com/us/therapists/sam-rivera"],',
  '  inNetwork: ["Premera Blue Cross (sample)", "Regence BlueShield"],',
  '  video: { title: "A short hello from Jordan", transcript: "Hi, I\'m Jordan. …" },',
  "};",
].join("\n");

const REDIRECTS = ['[', '  { "from": "/about", "to": "/about-me" },', '  { "from": "/book-now", "to": "https://booking.example.com/cedar-and-sound", "status": 302 }', "]"].join("\n");

describe("what is still the sample's, after an owner replaced the facts", () => {
  it("names each place the issue found live, by file, line and field", async () => {
    const video = Buffer.from("the sample's video bytes");
    const contentDir = await contentOf({
      "site.config.ts": CONFIG_TEXT,
      "redirects.json": REDIRECTS,
      "media/intro.mp4": video,
      "media/intro-poster.jpg": "the owner's own poster",
      "media/intro.vtt": "WEBVTT\n\n00:00.000 --> 00:03.000\nHi, I'm Jordan. If you're looking\n",
      "images/portrait.jpg": "the owner's own photo",
      "pages/about-me.md": "---\ntitle: About\n---\n\nCall (206) 555-0142 or write to hello@example.com.\n",
      "README.md": "Replace the 555 numbers and example.com addresses.\n",
    });
    const sampleFiles = { [createHash("sha256").update(video).digest("hex")]: "the sample intro video" };
    const found = (await sampleValues(contentDir, OWNER_EDITED, sampleFiles)).map((value) => `${value.file}${value.field ? ` (${value.field})` : ""}: ${describeSampleValue(value)}`);
    const still = (what: string) => `is still the sample's (${what}): replace it before going live (a production deploy refuses it)`;
    expect(found).toEqual([
      `content/site.config.ts (therapist.photoAlt): line 4: "Illustrated portrait of Sam Rivera with short dark hair and a soft smile, on a sage-green background" ${still("the sample portrait's description")}`,
      `content/site.config.ts (therapist.education[0]): line 5: "M.A. in Couple and Family Therapy, Example University (sample)" ${still("marked (sample)")}`,
      `content/site.config.ts (therapist.sameAs[0]): line 6: "https://profiles.example.com/jordan-ellis-lmft" ${still("an example.com address: only ever an example")}`,
      `content/site.config.ts (insurance.inNetwork[0]): line 7: "Premera Blue Cross (sample)" ${still("marked (sample)")}`,
      `content/site.config.ts (video.title): line 8: "A short hello from Jordan" ${still("the sample intro video's words")}`,
      `content/site.config.ts (video.transcript): line 8: "Hi, I'm Jordan" ${still("the sample intro video's words")}`,
      `content/media/intro.mp4 (video.file): "/media/intro.mp4" ${still("the sample intro video")}`,
      `content/media/intro.vtt: line 4: "Hi, I'm Jordan" ${still("the sample intro video's words")}`,
      `content/pages/about-me.md: line 5: "(206) 555-0142" ${still("a 555 number: only ever fictional")}`,
      `content/pages/about-me.md: line 5: "hello@example.com" ${still("an example.com address: only ever an example")}`,
      `content/redirects.json: line 3: "https://booking.example.com/cedar-and-sound" ${still("an example.com address: only ever an example")}`,
    ]);
  });

  it("names the sample's license number, tag manager, street and phone in the config", async () => {
    const site = { ...OWNER_EDITED, gtmId: "GTM-EXAMPLE", therapist: { ...OWNER_EDITED.therapist, photoAlt: "A photo of Sam", licence: { number: "LF 00000000" }, education: [], sameAs: [] }, contact: { phone: "+1-206-555-0142" }, address: { street: "1200 Example Avenue, Suite 400" }, insurance: { inNetwork: [] }, video: undefined } as unknown as SiteConfig;
    const found = await sampleValues(await contentOf({ "site.config.ts": "" }), site, {});
    expect(found.map(({ field, value, line }) => [field, value, line])).toEqual([
      ["gtmId", "GTM-EXAMPLE", undefined],
      ["therapist.licence.number", "LF 00000000", undefined],
      ["contact.phone", "+1-206-555-0142", undefined],
      ["address.street", "1200 Example Avenue, Suite 400", undefined],
    ]);
  });

  it("names nothing of an owner's own values, nor the comments and READMEs that explain the sample's", async () => {
    const own = {
      ...OWNER_EDITED,
      therapist: { ...OWNER_EDITED.therapist, photoAlt: "Sam Rivera smiling in the office", education: ["M.A., Seattle Pacific University"], sameAs: ["https://www.psychologytoday.com/us/therapists/sam-rivera"] },
      insurance: { inNetwork: ["Regence BlueShield"] },
      video: undefined,
    } as unknown as SiteConfig;
    const contentDir = await contentOf({
      "site.config.ts": CONFIG_TEXT.split("\n")[0]!,
      "images/portrait.jpg": "the owner's own photo",
      "pages/about-me.md": "---\ntitle: About\n---\n\nCall {{phone}}; I answer within 5550 minutes of the 555th call.\n",
      "README.md": "Replace the 555 numbers and example.com addresses: (206) 555-0142.\n",
    });
    expect(await sampleValues(contentDir, own, {})).toEqual([]);
  });
});
