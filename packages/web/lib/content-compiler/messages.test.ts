/**
 * What the owner reads when content is wrong: each bad input below, and the exact message the
 * build prints for it, written out by hand. A change to a message changes this table.
 * Everything runs on the fixture's own content (testing/fixture.ts), never on content/.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileContent, ContentError } from "./compile";
import { formatProblem, type Problem } from "./problems";
import { FIXTURE_CONFIG, frontMatter, siteConfigSource, fixtureDirsForEachTest } from "./testing/fixture";

const dirs = fixtureDirsForEachTest();

async function edit(file: string, change: (text: string) => string) {
  const full = path.join(dirs.content, file);
  await writeFile(full, change(await readFile(full, "utf8")));
}

const config = (overrides: string) => writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource(overrides));

/** A site config written out line by line, as the owner edits it: the fixture's, with these fields. */
const configLines = (...fields: string[]) =>
  writeFile(path.join(dirs.content, "site.config.ts"), [`import base from ${JSON.stringify(FIXTURE_CONFIG)};`, "export default {", "  ...base,", ...fields, "};", ""].join("\n"));

/** Pages that use facts and link to pages, as the real content does: a config that fails to load must not make these look wrong. */
async function addFactsAndLinks() {
  await edit("pages/about-me.md", (text) => `${text}\n[Book]({{bookingUrl}}) or call [{{phone}}]({{phoneHref}}); see [the rates](/ratesAndInsurance) and [Seattle](/services/seattle).\n`);
}

const post = (fields: Record<string, unknown>) =>
  frontMatter({
    title: "Another post",
    description: "A description long enough for search engines to show under the title of this page.",
    date: "2026-04-02",
    categories: ["Couples Therapy"],
    image: "/images/blog-kites.jpg",
    imageAlt: "Two kites",
    ...fields,
  });

const STOPPED_AT_CONFIG = "The other files are checked once content/site.config.ts has no problems.";

const BAD_INPUTS: { input: string; change: () => Promise<unknown>; message: string }[] = [
  {
    input: "site.config.ts: phone written without +1 (and pages using {{tokens}} and links)",
    change: async () => {
      await addFactsAndLinks();
      await config('contact: { ...base.contact, phone: "425-555-0199" }');
    },
    message: [
      "Content has 1 problem:",
      '  content/site.config.ts: field "contact.phone": must be written like +1-206-555-0142: write "+1-425-555-0199"',
      STOPPED_AT_CONFIG,
    ].join("\n"),
  },
  {
    input: "site.config.ts: phoneDisplay shows another number than phone dials",
    change: async () => {
      await addFactsAndLinks();
      await config('contact: { ...base.contact, phoneDisplay: "(206) 555-0143" }');
    },
    message: [
      "Content has 1 problem:",
      '  content/site.config.ts: field "contact.phoneDisplay": (206) 555-0143 is not the number in phone (+1-206-555-0142): the pages would show one number and Call would dial the other; write the same number in both',
      STOPPED_AT_CONFIG,
    ].join("\n"),
  },
  {
    input: "site.config.ts: a time zone by its abbreviation",
    change: () => config('timeZone: "PST"'),
    message: [
      "Content has 1 problem:",
      '  content/site.config.ts: field "timeZone": must be a time zone as the IANA database names it, like "America/Los_Angeles"',
      STOPPED_AT_CONFIG,
    ].join("\n"),
  },
  {
    input: "site.config.ts: a field left out",
    change: () => config("contact: { ...base.contact, phoneDisplay: undefined }"),
    message: [
      "Content has 1 problem:",
      '  content/site.config.ts: field "contact.phoneDisplay" is missing: add a line like phoneDisplay: "…", inside contact',
      STOPPED_AT_CONFIG,
    ].join("\n"),
  },
  {
    input: "site.config.ts: a comma left out at the end of a line",
    change: () => configLines('  siteName: "Fixture Counseling"', '  tagline: "Therapy for couples",'),
    message: ["Content has 1 problem:", '  content/site.config.ts: line 4: a comma is missing at the end of this line: write siteName: "Fixture Counseling",', STOPPED_AT_CONFIG].join("\n"),
  },
  {
    input: "site.config.ts: a fee written with a dollar sign",
    change: () =>
      configLines(
        "  fees: {",
        "    ...base.fees,",
        "    sessions: {",
        "      couplesTherapy: { amount: $225, minutes: 80 },",
        "      individualTherapy: { amount: 165, minutes: 53 },",
        "    },",
        "  },",
      ),
    message: ["Content has 1 problem:", "  content/site.config.ts: line 7: an amount is a plain number: write amount: 225, not amount: $225", STOPPED_AT_CONFIG].join("\n"),
  },
  {
    input: "site.config.ts: a fee of thousands written with a dollar sign and a comma",
    change: () => configLines("  fees: {", "    ...base.fees,", '    marathon: [{ id: "half-day", name: "Half day", hours: 4, amount: $1,200, description: "A morning." }],', "  },"),
    message: ["Content has 1 problem:", "  content/site.config.ts: line 6: an amount is a plain number: write amount: 1200, not amount: $1,200", STOPPED_AT_CONFIG].join("\n"),
  },
  {
    input: "site.config.ts: text without quotes",
    change: () => configLines("  tagline: Counseling,"),
    message: ["Content has 1 problem:", '  content/site.config.ts: line 4: Counseling must be in quotes, as text: write tagline: "Counseling",', STOPPED_AT_CONFIG].join("\n"),
  },
  {
    input: "blog post without a title",
    change: () => edit("blog/a-first-post.md", (text) => text.replace(/^title: .*\n/m, "")),
    message: ["Content has 1 problem:", '  content/blog/a-first-post.md: field "title" is missing: add a line like title: "…" to the front matter'].join("\n"),
  },
  {
    input: "blog post with nothing after title:",
    change: () => edit("blog/a-first-post.md", (text) => text.replace(/^title: .*$/m, "title:")),
    message: ["Content has 1 problem:", '  content/blog/a-first-post.md: field "title" is empty: write its value after the colon, like title: "…"'].join("\n"),
  },
  {
    input: "blog post without a date",
    change: () => edit("blog/a-first-post.md", (text) => text.replace(/^date: .*\n/m, "")),
    message: ["Content has 1 problem:", '  content/blog/a-first-post.md: field "date" is missing: add a line like date: 2024-05-01 to the front matter'].join("\n"),
  },
  {
    input: "a title with an unquoted colon (content/README.md's own example)",
    change: () => edit("blog/a-first-post.md", (text) => text.replace(/^title: .*$/m, "title: Repair After an Argument: Small Moves That Matter")),
    message: [
      "Content has 1 problem:",
      '  content/blog/a-first-post.md: line 2: the title has a colon in it, so it must be in quotes: write title: "Repair After an Argument: Small Moves That Matter"',
    ].join("\n"),
  },
  {
    input: "a post whose front matter does not read, linked from another page",
    change: async () => {
      await edit("pages/about-me.md", (text) => `${text}\nRead [the first post](/blog/a-first-post).\n`);
      await edit("blog/a-first-post.md", (text) => text.replace(/^title: .*$/m, "title: Repair: Small Moves"));
    },
    message: [
      "Content has 1 problem:",
      '  content/blog/a-first-post.md: line 2: the title has a colon in it, so it must be in quotes: write title: "Repair: Small Moves"',
    ].join("\n"),
  },
  {
    input: "an image file that is not an image",
    change: () => writeFile(path.join(dirs.content, "images/blog-kites.jpg"), "not an image"),
    message: [
      "Content has 1 problem:",
      "  content/images/blog-kites.jpg: could not be read as an image (it is used by content/blog/a-first-post.md): the file may be damaged, or not really a .jpg; save it again as a JPEG, PNG or WebP",
    ].join("\n"),
  },
  {
    input: "one category written two ways in three posts",
    change: async () => {
      await writeFile(path.join(dirs.content, "blog/b-post.md"), post({ categories: ["couples therapy"] }));
      await writeFile(path.join(dirs.content, "blog/c-post.md"), post({ categories: ["couples therapy"] }));
    },
    message: [
      "Content has 1 problem:",
      '  content/blog: one category written 2 ways (case, spaces and punctuation aside): "Couples Therapy" in content/blog/a-first-post.md; "couples therapy" in content/blog/b-post.md, content/blog/c-post.md: write it the same way in every post',
    ].join("\n"),
  },
  {
    input: "a post saved with the name Finder gives it",
    change: () => writeFile(path.join(dirs.content, "blog/Repair After An Argument.md"), post({ title: "Repair after an argument" })),
    message: [
      "Content has 1 problem:",
      "  content/blog/Repair After An Argument.md: file name must be lowercase words joined by dashes (it becomes /blog/<name>): rename it repair-after-an-argument.md",
    ].join("\n"),
  },
  {
    input: "a markdown image with no description",
    change: () => edit("pages/about-me.md", (text) => `${text}\n![](/images/blog-kites.jpg)\n`),
    message: [
      "Content has 1 problem:",
      "  content/pages/about-me.md: image /images/blog-kites.jpg has no description: write what it shows between the brackets, like ![What the image shows](/images/blog-kites.jpg)",
    ].join("\n"),
  },
  {
    input: "an HTML image with an empty alt",
    change: () => edit("pages/about-me.md", (text) => `${text}\n<img data-src="/images/blog-kites.jpg" alt=" ">\n`),
    message: [
      "Content has 1 problem:",
      "  content/pages/about-me.md: image /images/blog-kites.jpg has no description: write what it shows between the brackets, like ![What the image shows](/images/blog-kites.jpg)",
    ].join("\n"),
  },
  {
    input: "a blog post's imageAlt left empty",
    change: () => edit("blog/a-first-post.md", (text) => text.replace(/^imageAlt: .*$/m, 'imageAlt: ""')),
    message: [
      "Content has 1 problem:",
      '  content/blog/a-first-post.md: field "imageAlt" is empty: describe what /images/blog-kites.jpg shows, for people who cannot see it',
    ].join("\n"),
  },
  {
    input: "a page's imageAlt written with nothing after it",
    change: () => edit("pages/about-me.md", (text) => text.replace("title:", 'image: "/images/blog-kites.jpg"\nimageAlt:\ntitle:')),
    message: [
      "Content has 1 problem:",
      '  content/pages/about-me.md: field "imageAlt" is empty: describe what /images/blog-kites.jpg shows, for people who cannot see it',
    ].join("\n"),
  },
  {
    input: "a page's image without imageAlt",
    change: () => edit("pages/about-me.md", (text) => text.replace("title:", 'image: "/images/blog-kites.jpg"\ntitle:')),
    message: [
      "Content has 1 problem:",
      '  content/pages/about-me.md: field "imageAlt" is missing: describe what /images/blog-kites.jpg shows, for people who cannot see it',
    ].join("\n"),
  },
];

const GUIDANCE = '(see "How long a page should be" in content/README.md)';

/** What the fixture itself is warned about: its pages are short. */
const FIXTURE_WARNINGS = [
  `content/services/seattle/couplesTherapy.md: has 35 words; a city service page should have at least 450 of its own ${GUIDANCE}`,
  `content/services/seattle/individualTherapy.md: has 35 words; a city service page should have at least 450 of its own ${GUIDANCE}`,
  `content/services/seattle/marathonCouplesTherapy.md: has 35 words; a city service page should have at least 450 of its own ${GUIDANCE}`,
  `content/blog/a-first-post.md: has 35 words; a blog post should have at least 600 ${GUIDANCE}`,
  `content/blog/a-first-post.md: has 1 section heading (lines starting ## ); a blog post should have at least 3 ${GUIDANCE}`,
];

/**
 * The warnings of a compile of the fixture, but its sample values (example.com, 555: the fixture
 * keeps the sample's kind of facts; that list has its own test, checks/sample-values.test.ts).
 */
async function warnings(): Promise<string[]> {
  const found: Problem[] = [];
  await compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe", onWarnings: (list) => found.push(...list) });
  return found.map(formatProblem).filter((warning) => !warning.includes(" is still the sample's ("));
}

/** Text of `words` words in `sections` sections, each sentence its own (no two pages built with it share a phrase). */
function text(words: number, sections = 3, seed = "page"): string {
  const perSection = Math.ceil(words / sections);
  return Array.from({ length: sections }, (_, section) => {
    const sentence = Array.from({ length: perSection }, (_, i) => `${seed}${section}w${i}`).join(" ");
    return `## Section ${section + 1}\n\n${sentence}.`;
  }).join("\n\n");
}

/** A post of 600 words in three sections: nothing to warn about but what the edit brings. */
const longPost = (fields: Record<string, unknown>, body = text(600, 3, String(fields.title))) => `${post(fields).replace(/\n## A section\n[\s\S]*$/, "")}\n${body}\n`;

/** Edits the owner may make that build, with what `pnpm content` then says about each, written out by hand. */
const OWNER_EDITS: { edit: string; change: () => Promise<unknown>; warns: string[] }[] = [
  {
    edit: "a second copy of a post, saved under another name",
    change: async () => {
      const first = await readFile(path.join(dirs.content, "blog/a-first-post.md"), "utf8");
      await writeFile(path.join(dirs.content, "blog/a-first-post-again.md"), first);
    },
    warns: [
      `content/blog/a-first-post-again.md: has 35 words; a blog post should have at least 600 ${GUIDANCE}`,
      "content/blog/a-first-post-again.md: has the same title and description as content/blog/a-first-post.md: a second copy of it? Delete one, or give each its own title and description",
      `content/blog/a-first-post-again.md: has 1 section heading (lines starting ## ); a blog post should have at least 3 ${GUIDANCE}`,
    ],
  },
  {
    edit: "a misspelt category",
    change: async () => {
      await writeFile(path.join(dirs.content, "blog/b-post.md"), longPost({ title: "B post", description: "The b post, with a description long enough for search engines to show.", categories: ["Couples Therapy"] }));
      await writeFile(path.join(dirs.content, "blog/c-post.md"), longPost({ title: "C post", description: "The c post, with a description long enough for search engines to show.", categories: ["Couples Theraphy"] }));
    },
    warns: ['content/blog/c-post.md: field "categories": "Couples Theraphy" is close to "Couples Therapy" (in 2 posts): a typo? As written, it is a category of its own'],
  },
  {
    edit: "a post of 600 words in two sections",
    change: () => writeFile(path.join(dirs.content, "blog/b-post.md"), longPost({ title: "B post", description: "The b post, with a description long enough for search engines to show." }, text(600, 2))),
    warns: [`content/blog/b-post.md: has 2 section headings (lines starting ## ); a blog post should have at least 3 ${GUIDANCE}`],
  },
  {
    edit: "a city page copied from another page",
    change: async () => {
      const body = text(460, 3, "seattle");
      for (const file of ["services/seattle/couplesTherapy.md", "services/seattle/individualTherapy.md"]) {
        await edit(file, (source) => `${source.replace(/\n## A section\n[\s\S]*$/, "")}\n${body}\n`);
      }
    },
    warns: [
      "content/services/seattle/couplesTherapy.md: reads almost the same as content/services/seattle/individualTherapy.md (100% of their phrases are the same): search engines show only one of two near-copies; write what is particular to each",
    ],
  },
  {
    edit: "cities named in a list, two of them not in the config",
    change: () => edit("pages/about-me.md", (source) => `${source}\nI see couples from Seattle, Bellevue and Kirkland, and from anywhere in the state by video (a client once joined from Spokane).\n`),
    warns: [
      "content/pages/about-me.md: names Bellevue among the practice's cities, but it is not in locations in content/site.config.ts (Seattle): add it there, with its pages, or take it out of the text",
      "content/pages/about-me.md: names Kirkland among the practice's cities, but it is not in locations in content/site.config.ts (Seattle): add it there, with its pages, or take it out of the text",
    ],
  },
  {
    edit: "a title too long for search results",
    change: () => edit("pages/about-me.md", (source) => source.replace('title: "about-me"', 'title: "About your therapist: couples and individual therapy in Seattle"')),
    warns: ['content/pages/about-me.md: field "title": has 63 characters; search results and browser tabs show 60, so it would be cut: shorten "About your therapist: couples and individual therapy in Seattle"'],
  },
  {
    edit: "British spelling, a typed phone number and the therapist's name typed out",
    change: () => edit("pages/about-me.md", (source) => `${source}\nCall Jordan Ellis on 206-555-0100 to talk about the colour of your week.\n`),
    warns: [
      'content/pages/about-me.md: "206-555-0100" is a phone number: write {{phone}} (or {{phoneHref}} in a link), so it changes with site.config.ts',
      'content/pages/about-me.md: "Jordan Ellis" is typed from site.config.ts: write {{therapist}}, so it changes with the config',
      'content/pages/about-me.md: uses British spelling in its body: "colour" (write "color")',
    ],
  },
  {
    edit: "analytics before any choice, for a practice in Washington",
    change: () => configLines('gtmId: "GTM-K7Q2M9X",', 'analyticsConsent: "opt-out",'),
    warns: [
      'content/site.config.ts: field "analyticsConsent": "opt-out" loads Google Analytics and counts each visit before the visitor has chosen, and the practice is in Washington (address.region "WA", therapist.licence.state "Washington"), whose My Health My Data Act (RCW 19.373) requires consent before consumer health data is collected: set "opt-in". A production deploy refuses "opt-out" here (see "Analytics and consent" in content/README.md)',
    ],
  },
  {
    edit: "analytics before any choice, for a practice in Oregon",
    change: () =>
      configLines(
        'gtmId: "GTM-K7Q2M9X",',
        'analyticsConsent: "opt-out",',
        'address: { ...base.address, locality: "Portland", region: "OR", postalCode: "97204" },',
        'therapist: { ...base.therapist, licence: { ...base.therapist.licence, state: "Oregon" } },',
      ),
    warns: [
      'content/site.config.ts: field "analyticsConsent": "opt-out" loads Google Analytics and counts each visit before the visitor has chosen: make sure the privacy laws where the practice and its clients are allow it (Washington\'s My Health My Data Act does not, for a visitor there), or set "opt-in" (see "Analytics and consent" in content/README.md)',
    ],
  },
  { edit: "analytics only after a visitor's yes", change: () => configLines('gtmId: "GTM-K7Q2M9X",', 'analyticsConsent: "opt-in",'), warns: [] },
  { edit: '"opt-out" with no tag manager (no analytics at all)', change: () => configLines('gtmId: "",', 'analyticsConsent: "opt-out",'), warns: [] },
  {
    edit: "a section of the rates page headed like one of its fee cards",
    change: () => edit("pages/ratesAndInsurance.md", (source) => `${source}\n## Sliding scale\n\nAsk about a reduced fee.\n`),
    warns: ['content/pages/ratesAndInsurance.md: has a section "Sliding scale", and the page already shows a card headed "Sliding scale" with those facts: give the section another heading, or leave it to the card'],
  },
];

describe("the owner's messages", () => {
  it.each(BAD_INPUTS)("$input", async ({ change, message }) => {
    await change();
    const error = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe" }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toBe(message);
  });

  it("warns, without stopping the build, about a post under 600 words or three sections, and a city service page under 450 words", async () => {
    expect(await warnings()).toEqual(FIXTURE_WARNINGS);
  });

  it.each(OWNER_EDITS)("warns about $edit", async ({ change, warns }) => {
    await change();
    const added = (await warnings()).filter((warning) => !FIXTURE_WARNINGS.includes(warning));
    expect(added).toEqual(warns);
  });

  it("the fixture is content of its own: nothing in it reads the owner's content/", async () => {
    const source = await readFile(path.join(dirs.content, "site.config.ts"), "utf8");
    expect(source).not.toContain(path.resolve(import.meta.dirname, "../../../../content"));
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe" });
    expect(content.site.siteName).toBe("Fixture Counseling");
  });
});
