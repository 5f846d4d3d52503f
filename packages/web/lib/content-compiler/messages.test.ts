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
import { frontMatter, siteConfigSource, fixtureDirsForEachTest } from "./testing/fixture";

const dirs = fixtureDirsForEachTest();

async function edit(file: string, change: (text: string) => string) {
  const full = path.join(dirs.content, file);
  await writeFile(full, change(await readFile(full, "utf8")));
}

const config = (overrides: string) => writeFile(path.join(dirs.content, "site.config.ts"), siteConfigSource(overrides));

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
    input: "site.config.ts: a field left out",
    change: () => config("contact: { ...base.contact, phoneDisplay: undefined }"),
    message: [
      "Content has 1 problem:",
      '  content/site.config.ts: field "contact.phoneDisplay" is missing: add a line like phoneDisplay: "…", inside contact',
      STOPPED_AT_CONFIG,
    ].join("\n"),
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

  it("warns, without stopping the build, about a post under 600 words and a city service page under 450", async () => {
    const warnings: Problem[] = [];
    await compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe", onWarnings: (list) => warnings.push(...list) });
    const guidance = '(see "How long a page should be" in content/README.md)';
    expect(warnings.map(formatProblem)).toEqual([
      `content/services/seattle/couplesTherapy.md: has 35 words; a city service page should have at least 450 of its own ${guidance}`,
      `content/services/seattle/individualTherapy.md: has 35 words; a city service page should have at least 450 of its own ${guidance}`,
      `content/services/seattle/marathonCouplesTherapy.md: has 35 words; a city service page should have at least 450 of its own ${guidance}`,
      `content/blog/a-first-post.md: has 35 words; a blog post should have at least 600 ${guidance}`,
    ]);
  });

  it("the fixture is content of its own: nothing in it reads the owner's content/", async () => {
    const source = await readFile(path.join(dirs.content, "site.config.ts"), "utf8");
    expect(source).not.toContain(path.resolve(import.meta.dirname, "../../../../content"));
    const content = await compileContent({ contentDir: dirs.content, publicDir: dirs.public, assets: "describe" });
    expect(content.site.siteName).toBe("Fixture Counseling");
  });
});
