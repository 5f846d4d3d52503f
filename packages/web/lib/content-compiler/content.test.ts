/**
 * The practice's real content, checked for what a reader (and a search engine) needs: every
 * page the site promises, a real blog, pages that are not near-copies of each other, and sample facts that look
 * like samples until the owner replaces them.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildRegistry } from "../routes/registry";
import { PAGE_TITLE_MAX } from "../seo/title";
import { compileContent } from "./compile";
import { REAL_CONTENT_DIR } from "./testing/fixture";
import { configStrings, visibleDocs } from "./testing/sources";
import { britishSpellings } from "./testing/spelling";
import type { Content } from "../content/types";

let content: Content;

beforeAll(async () => {
  // The app's own public folder: image variants already built there are reused.
  content = await compileContent({ contentDir: REAL_CONTENT_DIR, publicDir: path.resolve(import.meta.dirname, "../../public") });
}, 180_000);

const REQUIRED_SERVICES = [
  "couplesTherapy", "individualTherapy", "marathonCouplesTherapy", "rentonCouplesTherapy", "tacomaCouplesTherapy",
  "couplesTherapySeattle", "seattleCouplesTherapy", "bellevueCouplesTherapy", "marathonTherapySeattle",
  "individualTherapyTacoma", "couplesCounselingSeattle", "individualTherapySeattle", "individualTherapyBellevue",
  "rentonMarathonCouplesTherapy", "relationshipCounselingSeattle", "seattleMarathonCouplesTherapy",
  "bellevueMarathonCouplesTherapy", "seattleInternsiveCouplesCounseling",
];

/**
 * Practice facts typed into markdown instead of written as a {{token}}: each would drift the day
 * the config changes. Toll-free numbers are national helplines (the Good Faith Estimate line, the
 * domestic violence hotline), not the practice's phone.
 */
const TYPED_FACTS: { what: string; pattern: RegExp; allowed?: (match: string, file: string) => boolean }[] = [
  {
    what: "a phone number (use {{phone}} / {{phoneHref}})",
    pattern: /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b/g,
    allowed: (match) => /^(?:\+?1[\s.-]?)?\(?8(?:00|33|44|55|66|77|88)\b/.test(match),
  },
  { what: "an email address (use {{email}} / {{emailHref}})", pattern: /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g },
  {
    what: "a dollar amount (use a {{fee...}} token)",
    pattern: /\$\s?\d+(?:,\d{3})*/g,
    // The No Surprises Act's dispute threshold is set by federal rule, not by the practice.
    allowed: (match, file) => file === "content/notices/good-faith-estimate.md" && match === "$400",
  },
  {
    what: "a range of weekdays (use {{hours.<id>}} or {{hours.<id>.days}})",
    pattern: /\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\s*(?:to|through|thru|until|till|–|—|-)\s*(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b/gi,
  },
  {
    what: "a range of clock times (use {{hours.<id>}} or {{hours.<id>.opens}} / .closes)",
    pattern: /\b\d{1,2}(?::\d\d)?\s*(?:am|pm)?\s*(?:to|until|till|–|—|-)\s*\d{1,2}(?::\d\d)?\s*(?:am|pm)\b/gi,
  },
  { what: "an opening or closing time (use {{hours.<id>.opens}} / .closes)", pattern: /\b(?:until|till|from)\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b/gi },
];

async function markdownFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  return names.filter((name) => name.endsWith(".md") && name !== "README.md").map((name) => path.join(dir, name)).sort();
}

/** Overlap of 5-word runs between two texts (Jaccard): near-copies score well above 0.5. */
function similarity(a: string, b: string): number {
  const shingles = (text: string) => {
    const words = text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
    return new Set(words.slice(0, -4).map((_, i) => words.slice(i, i + 5).join(" ")));
  };
  const [x, y] = [shingles(a), shingles(b)];
  const shared = [...x].filter((s) => y.has(s)).length;
  return shared / (x.size + y.size - shared);
}

describe("the practice's content", () => {
  it("has every service page the site links to", () => {
    expect(content.services.map((service) => service.slug).sort()).toEqual([...REQUIRED_SERVICES].sort());
  });

  // Lengths (600 words a post, 450 a city service page) are the build's warnings, not tests: see
  // "How long a page should be" in content/README.md.
  it("has a real blog: at least 8 posts, with headings and an image, in 3+ categories", () => {
    expect(content.posts.length).toBeGreaterThanOrEqual(8);
    for (const post of content.posts) {
      expect(post.body.headings.filter((heading) => heading.depth === 2).length, post.slug).toBeGreaterThanOrEqual(3);
      expect(content.images[post.meta.image], post.slug).toBeDefined();
    }
    const categories = new Set(content.posts.flatMap((post) => post.meta.categories));
    expect(categories.size).toBeGreaterThanOrEqual(3);
    expect([...categories]).toEqual(expect.arrayContaining(["Couples Therapy", "Family Therapy"]));
  });

  it("has no two service or city pages that are near-copies", () => {
    const pages = [...content.services, ...content.locations, ...content.locationServices].map((page) => ({ path: page.path, text: page.body.text }));
    let worst = { score: 0, pair: "" };
    for (let i = 0; i < pages.length; i++) {
      for (let j = i + 1; j < pages.length; j++) {
        const score = similarity(pages[i]!.text, pages[j]!.text);
        if (score > worst.score) worst = { score, pair: `${pages[i]!.path} and ${pages[j]!.path}` };
      }
    }
    expect(worst.score, worst.pair).toBeLessThan(0.25);
  });

  it("gives every page its own title and description", () => {
    const registry = buildRegistry(content);
    const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates(registry.map((entry) => entry.title))).toEqual([]);
    expect(duplicates(registry.map((entry) => entry.description))).toEqual([]);
  });

  it(`keeps every page title within ${PAGE_TITLE_MAX} characters, so the title rule never cuts it`, () => {
    const tooLong = visibleDocs(content)
      .filter((doc) => doc.title.replace(/\s+/g, " ").trim().length > PAGE_TITLE_MAX)
      .map((doc) => `${doc.file}: title has ${doc.title.length} characters: "${doc.title}"`);
    expect(tooLong).toEqual([]);
  });

  it("uses American spelling in everything a visitor reads, and in the site config", () => {
    const problems: string[] = [];
    for (const doc of visibleDocs(content)) {
      for (const [field, text] of Object.entries(doc.fields)) {
        for (const { word, american } of britishSpellings(text)) problems.push(`${doc.file}: ${field}: "${word}" (write "${american}")`);
      }
    }
    for (const { field, text } of configStrings(content.site)) {
      for (const { word, american } of britishSpellings(text)) problems.push(`content/site.config.ts: ${field}: "${word}" (write "${american}")`);
    }
    expect(problems).toEqual([]);
  });

  it("uses American spelling in the labels components and pages write themselves", async () => {
    const webDir = path.resolve(import.meta.dirname, "../..");
    const problems: string[] = [];
    for (const dir of ["components", "app"]) {
      const files = (await readdir(path.join(webDir, dir), { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !file.endsWith(".test.ts"));
      for (const file of files) {
        const source = await readFile(path.join(webDir, dir, file), "utf8");
        const visible = source
          .replace(/\/\*[\s\S]*?\*\//g, "") // block comments
          .replace(/(^|[^:])\/\/.*$/gm, "$1") // line comments, not the // of a URL
          .replace(/[\w$]+(?:\??\.[\w$]+)+/g, ""); // property paths such as therapist.licence.number are code, not text
        for (const { word, american } of britishSpellings(visible)) problems.push(`packages/web/${dir}/${file}: "${word}" (write "${american}")`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("gives the rates page one heading per topic: its text never repeats a fee card's heading", async () => {
    const cards = await readFile(path.resolve(import.meta.dirname, "../../components/practice/RatesTables.tsx"), "utf8");
    const cardHeadings = [...cards.matchAll(/<h2 id="rates-[\w-]+"[^>]*>\s*([^<{]+?)\s*</g)].map((match) => match[1]!.toLowerCase());
    expect(cardHeadings).toContain("sliding scale");
    const pageHeadings = content.pages.ratesAndInsurance!.body.headings.map((heading) => heading.text.toLowerCase());
    expect(pageHeadings.filter((heading) => cardHeadings.includes(heading)), "content/pages/ratesAndInsurance.md").toEqual([]);
  });

  it("writes practice facts as {{tokens}}, never typed into the markdown", async () => {
    const { site } = content;
    const literal = [site.siteName, site.therapist.name, site.contact.phoneDisplay, site.contact.email, site.address.street, site.contact.bookingUrl];
    const problems: string[] = [];
    for (const full of await markdownFiles(REAL_CONTENT_DIR)) {
      const file = `content/${path.relative(REAL_CONTENT_DIR, full)}`;
      const source = await readFile(full, "utf8");
      for (const { what, pattern, allowed } of TYPED_FACTS) {
        for (const [match] of source.matchAll(pattern)) if (!allowed?.(match, file)) problems.push(`${file}: "${match}" is ${what}`);
      }
      for (const value of literal) if (source.includes(value)) problems.push(`${file}: "${value}" is typed from site.config.ts (use its {{token}})`);
    }
    expect(problems).toEqual([]);
  });

  it("dates nothing in the future", () => {
    const today = new Date().toISOString().slice(0, 10);
    const dated = [
      ...Object.values(content.pages).map((page) => [`content/pages/${page.key}.md`, page.meta.lastUpdated]),
      ...content.services.map((service) => [`content/services/${service.slug}.md`, service.meta.lastUpdated]),
      ...content.locations.map((location) => [`content/services/${location.slug}/index.md`, location.meta.lastUpdated]),
      ...content.locationServices.map((page) => [`content/services/${page.location}/${page.variation}.md`, page.meta.lastUpdated]),
      ...content.posts.flatMap((post) => [[`content/blog/${post.slug}.md`, post.meta.date], [`content/blog/${post.slug}.md`, post.meta.lastUpdated]]),
      ...Object.values(content.notices).map((notice) => [`content/notices/${notice.key}.md`, notice.meta.lastUpdated]),
      ["content/faqs.md", content.faq.lastUpdated],
      ["content/site.config.ts", content.site.video.uploadDate],
      ["content/site.config.ts", content.site.sampleReview.datePublished],
    ];
    expect(dated.filter(([, date]) => date! > today).map(([file, date]) => `${file}: ${date}`)).toEqual([]);
  });

  it("keeps clearly sample personal facts until the owner replaces them", () => {
    const { contact } = content.site;
    expect(contact.phone).toMatch(/-555-/);
    expect(contact.email).toMatch(/@example\.com$/);
    expect(new URL(contact.bookingUrl).hostname).toMatch(/(^|\.)example\.com$/);
    expect(new URL(content.site.siteUrl).hostname).toMatch(/(^|\.)example\.com$/);
  });

  it("answers at least 20 questions, grouped, for the FAQ page and its structured data", () => {
    const questions = content.faq.groups.flatMap((group) => group.items);
    expect(questions.length).toBeGreaterThanOrEqual(20);
    expect(questions.every((item) => item.answerText.length > 40)).toBe(true);
  });
});
