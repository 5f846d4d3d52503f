/**
 * A suggested target for a missing legacy path: the live page the old URL was about, or none when
 * nothing is close. Two steps:
 *  1. the old site's shapes come off the path (`.html`/`.php`/`.aspx` endings, `index.html`, date
 *     folders such as /2019/05/, `/amp`), and WordPress's /category/x, /tag/x and /author/x go to
 *     the blog's lists and the About page; scanners' probes (wp-login.php, .env) get nothing;
 *  2. the words left are searched (MiniSearch: BM25+ ranking, fuzzy matching for misspellings;
 *     Porter stems from `stemmer`; a small table of the old sites' other words for the same
 *     thing) in what each page is about: its address, title and heading, keywords, description,
 *     section headings, the practice's facts it shows (the therapist's name on the pages that
 *     name them) and its text. The best page is suggested only when the words it matches in its
 *     address, titles, keywords or facts carry more than half the weight of the path's words
 *     (rare words weigh more: "teen" or "fight" decide more than "therapy"). Among the pages that
 *     match, a page under one the old address names as a folder (/services/couples-counseling.html:
 *     /services) goes before it when its own words match the address's last part: the specific
 *     page beats its parent;
 *  3. a page whose title or address says exactly what the old address's last part says keeps it;
 *     otherwise a section whose heading says exactly that (/telehealth: the policies' Telehealth
 *     section) is the target, with its anchor;
 *  4. when no page matches strongly enough, a page whose description or one heading holds every
 *     word of a several-word address (/good-faith-estimate: the rates page's description).
 * Each suggestion says why ("matches the therapist's name", "matches the page title").
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { stemmer } from "stemmer";

export interface SitePage {
  path: string;
  title: string;
  /** The page's main heading, when it differs from its title. */
  heading?: string;
  description?: string;
  keywords?: readonly string[];
  /** Its section headings, with their anchors where known. */
  headings?: readonly SiteHeading[];
  /** Names the page shows: the therapist's, on the pages that name them. */
  names?: readonly string[];
  /** The start of its text. */
  text?: string;
}

export interface SiteHeading {
  text: string;
  /** The heading's id, a link's #fragment to its section. */
  id?: string;
}

export interface BlogCategory {
  name: string;
  slug: string;
}

export interface Suggestion {
  to: string;
  /** 0..1, how much of the path's words the page matches. */
  score: number;
  why: string;
}

/** Paths only scanners ask for: never redirected anywhere. */
const PROBES = /^\/(?:wp-(?:admin|login|includes|json|cron|config)|xmlrpc\.php|\.env|\.git|cgi-bin|phpmyadmin|admin|administrator|vendor|config|setup\.php|install\.php)(?:[/.]|$)/i;
const PAGE_ENDING = /\.(?:html?|php\d?|aspx?|shtml|jsp|cfm)$/i;
const INDEX_FILE = /\/(?:index|default|home)\.(?:html?|php\d?|aspx?)$/i;
const DATE_FOLDERS = /\/(?:19|20)\d{2}\/(?:0?[1-9]|1[0-2])(?:\/(?:0?[1-9]|[12]\d|3[01]))?(?=\/|$)/g;
const DATE_PREFIX = /(?<=\/)(?:19|20)\d{2}-(?:0?[1-9]|1[0-2])(?:-(?:0?[1-9]|[12]\d|3[01]))?-(?=[a-z])/gi;
const STOP_WORDS = new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "i", "in", "is", "it", "me", "my", "of", "on", "or", "our", "page", "the", "to", "us", "we", "what", "with", "you", "your", "www", "html", "htm", "php", "aspx", "asp", "amp", "index", "default"]);

/** Words the old site may have used for what this site calls otherwise (stemmed below, so plurals follow). */
const SYNONYMS: Record<string, string> = {
  counseling: "therapy",
  counselling: "therapy",
  counselor: "therapy",
  counsellor: "therapy",
  therapist: "therapy",
  psychotherapy: "therapy",
  marriage: "couple",
  marital: "couple",
  relationship: "couple",
  fee: "rate",
  cost: "rate",
  price: "rate",
  pricing: "rate",
  payment: "rate",
  charge: "rate",
  faqs: "faq",
  question: "faq",
  bio: "about",
  biography: "about",
  team: "about",
  staff: "about",
  telehealth: "online",
  video: "online",
  virtual: "online",
};
const STEM_SYNONYMS = new Map(Object.entries(SYNONYMS).map(([word, meaning]) => [stemmer(word), stemmer(meaning)]));

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The words of a path or a text, as spelt: camelCase, hyphens, underscores and punctuation split; no stop words or bare numbers. */
function spelled(text: string): string[] {
  return decode(text)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
}

/** A word as searched: its stem, or the stem of this site's word for the same thing. */
const term = (word: string) => {
  const stem = stemmer(word);
  return STEM_SYNONYMS.get(stem) ?? stem;
};

/** The terms of a text or a path. */
const terms = (text: string) => spelled(text).map(term);

/** The words of a slug as spelt (stemmed, no synonyms), in order: an old address spelt like a page's. */
const spelling = (text: string) => [...new Set(spelled(text).map(stemmer))].sort().join(" ");

/** A page's section: the page, at the heading's anchor where it has one. */
const sectionOf = (page: SitePage, heading: SiteHeading) => `${page.path}${heading.id ? `#${heading.id}` : ""}`;

/** Whether a list of terms holds exactly the words named (at least one). */
const sameWords = (words: readonly string[], named: ReadonlySet<string>) => named.size > 0 && new Set(words).size === named.size && words.every((word) => named.has(word));

/** The legacy path with the old site's shapes taken off: what is left names the page. */
function legacyCore(path: string): string {
  let core = path.replace(INDEX_FILE, "/").replace(PAGE_ENDING, "");
  core = core.replace(DATE_FOLDERS, "").replace(DATE_PREFIX, "");
  core = core.replace(/\/(?:page\/\d+|amp|feed)\/?$/i, "");
  return core.replace(/\/+$/, "") || "/";
}

/** The fields a page is searched in, how much each counts, and what a match in it is called. */
const FIELDS = {
  // In this order, the first field a page matched in gives the reason shown.
  names: { boost: 4, why: "matches the therapist's name", strong: true },
  slug: { boost: 4, why: "matches the page's address", strong: true },
  title: { boost: 3, why: "matches the page title", strong: true },
  address: { boost: 1.5, why: "matches the page's address", strong: true },
  keywords: { boost: 1.5, why: "matches the page's keywords", strong: true },
  headings: { boost: 1, why: "matches a heading on the page", strong: false },
  description: { boost: 1, why: "matches the page's description", strong: false },
  text: { boost: 0.2, why: "matches the page's text", strong: false },
} as const;
type Field = keyof typeof FIELDS;
const FIELD_NAMES = Object.keys(FIELDS) as Field[];
const STRONG_FIELDS = FIELD_NAMES.filter((field) => FIELDS[field].strong);

/** More than this share of the path's word weight must be matched in the best page's strong fields. */
const ENOUGH = 0.5;

type Document = { id: string } & Record<Field, string>;

function documentOf(page: SitePage): Document {
  const segments = page.path.split("/").filter(Boolean);
  return {
    id: page.path,
    slug: segments.at(-1) ?? "home",
    address: segments.join(" "),
    title: [page.title, page.heading ?? ""].join(" "),
    names: (page.names ?? []).join(" "),
    keywords: (page.keywords ?? []).join(" "),
    headings: (page.headings ?? []).map((heading) => heading.text).join(" "),
    description: page.description ?? "",
    text: page.text ?? "",
  };
}

export class Suggester {
  private readonly search: MiniSearch<Document>;
  private readonly paths: ReadonlySet<string>;
  private readonly pages: ReadonlyMap<string, SitePage>;
  private readonly slugSpelling: ReadonlyMap<string, string>;
  /** Inverse document frequency of each term over the pages' strong fields. */
  private readonly weights = new Map<string, number>();
  private readonly unseenWeight: number;

  constructor(
    pages: readonly SitePage[],
    private readonly categories: readonly BlogCategory[] = [],
  ) {
    const documents = pages.map(documentOf);
    this.paths = new Set(pages.map((page) => page.path));
    this.pages = new Map(pages.map((page) => [page.path, page]));
    this.slugSpelling = new Map(documents.map((document) => [document.id, spelling(document.slug)]));
    this.search = new MiniSearch<Document>({
      fields: FIELD_NAMES,
      // Pages and paths alike: each word's stem, or this site's word for it.
      tokenize: terms,
      processTerm: (word) => word,
      searchOptions: {
        // Among pages that match as well, the shallower: /individual-therapy is the general page, not a city's.
        boostDocument: (id) => 1 / (1 + 0.1 * ((id as string).split("/").filter(Boolean).length - 1)),
        boost: Object.fromEntries(FIELD_NAMES.map((field) => [field, FIELDS[field].boost])),
        // Typos: one in a word of five or six letters, two in a longer one.
        fuzzy: (word) => (word.length >= 7 ? 0.3 : word.length >= 5 ? 0.2 : false),
        combineWith: "OR",
      },
    });
    this.search.addAll(documents);
    const frequency = new Map<string, number>();
    for (const document of documents) {
      for (const word of new Set(STRONG_FIELDS.flatMap((field) => terms(document[field])))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
    const n = Math.max(documents.length, 1);
    for (const [word, count] of frequency) this.weights.set(word, Math.log(1 + n / count));
    this.unseenWeight = Math.log(1 + n);
  }

  suggest(path: string): Suggestion | undefined {
    if (PROBES.test(path)) return undefined;
    const core = legacyCore(path);
    if (core === "/") return path === "/" ? undefined : { to: "/", score: 1, why: "the old site's home page" };

    const wordpress = /^(?:\/blog)?\/(category|tag|author)(?:\/(.*))?$/i.exec(core);
    if (wordpress) {
      const [, shape, rest = ""] = wordpress;
      if (shape?.toLowerCase() === "author") return this.paths.has("/about-me") ? { to: "/about-me", score: 1, why: "an author page of the old blog" } : undefined;
      return this.category(rest);
    }

    const wanted = [...new Set(terms(core))];
    if (wanted.length === 0) return undefined;
    const segments = core.split("/").filter(Boolean);
    // What the address's last part names: the page, where the folders before it are its context.
    const named = new Set(terms(segments.at(-1) ?? ""));
    const query = spelled(core).join(" ");
    const results = this.search.search(query);
    const total = wanted.reduce((sum, word) => sum + this.weight(word), 0);
    let page: Suggestion | undefined;
    for (const result of this.ranked(results, segments)) {
      const matched = this.strongMatches(query, result.id as string);
      const covered = wanted.filter((word) => matched.has(word)).reduce((sum, word) => sum + this.weight(word), 0);
      const score = covered / total;
      if (score > ENOUGH) {
        page = { to: result.id as string, score: Math.round(score * 100) / 100, why: this.why(result) };
        break;
      }
    }
    if (page && this.isNamed(page.to, named)) return page;
    return this.section(results, named) ?? page ?? this.mention(results, wanted);
  }

  /**
   * The best pages for a query, best first. A page the old address names exactly is moved up:
   *  - if the best is a page the old address names as a folder (/services/couples-counseling.html:
   *    /services), a page under it whose own words match the address's last part goes before it
   *    (the specific page beats its parent);
   *  - otherwise, of the pages scoring close to the best, one whose own address is spelt with the
   *    same words as the old one (couples-counseling-seattle, couplesCounselingSeattle).
   * Between such pages: the one spelt the same, then the one whose address says least besides what
   * the old one names, then the shallower (/services/couplesTherapy, not a city's).
   */
  private ranked(results: readonly SearchResult[], segments: readonly string[]): SearchResult[] {
    const top = results.slice(0, 5);
    const last = segments.at(-1) ?? "";
    const named = [...new Set(terms(last))];
    // Smaller is closer: spelt otherwise, the words its address has that the old one does not name, its depth.
    const closeness = (id: string) => [this.slugSpelling.get(id) === spelling(last) ? 0 : 1, terms(id.split("/").at(-1) ?? "").filter((word) => !named.includes(word)).length, id.split("/").length];
    const closest = (candidates: readonly SearchResult[]) =>
      candidates
        .map((result) => ({ result, key: closeness(result.id as string) }))
        .sort((a, b) => a.key.reduce((order, value, i) => order || value - b.key[i]!, 0))[0]?.result;
    const first = (result: SearchResult | undefined) => (result ? [result, ...top.filter((other) => other.id !== result.id)] : top);

    const parent = top[0]?.id as string | undefined;
    const folders = new Set(segments.slice(0, -1).map(spelling));
    if (parent && parent !== "/" && folders.has(this.slugSpelling.get(parent) ?? "")) {
      const lastQuery = spelled(last).join(" ");
      return first(closest(results.filter((result) => (result.id as string).startsWith(`${parent}/`) && named.every((word) => this.strongMatches(lastQuery, result.id as string).has(word)))));
    }
    const best = top[0]?.score ?? 0;
    return first(closest(top.filter((result) => result.score >= 0.8 * best && this.slugSpelling.get(result.id as string) === spelling(last))));
  }

  /** Whether a page's title, heading or address says exactly what the old address's last part says. */
  private isNamed(id: string, named: ReadonlySet<string>): boolean {
    const page = this.pages.get(id);
    return [page?.title, page?.heading, id.split("/").at(-1)].some((text) => text !== undefined && sameWords(terms(text), named));
  }

  /** The section whose heading says exactly what the old address's last part says, on the best-ranked page that has one. */
  private section(results: readonly SearchResult[], named: ReadonlySet<string>): Suggestion | undefined {
    for (const result of results) {
      const page = this.pages.get(result.id as string);
      const heading = page?.headings?.find((each) => sameWords(terms(each.text), named));
      if (page && heading) return { to: sectionOf(page, heading), score: 1, why: FIELDS.headings.why };
    }
    return undefined;
  }

  /** With no strong match: the best-ranked page whose description, or one of its headings, holds every word of a several-word address. */
  private mention(results: readonly SearchResult[], wanted: readonly string[]): Suggestion | undefined {
    if (wanted.length < 2) return undefined;
    const holds = (text: string | undefined) => text !== undefined && wanted.every((word) => terms(text).includes(word));
    for (const result of results) {
      const page = this.pages.get(result.id as string);
      if (!page) continue;
      if (holds(page.description)) return { to: page.path, score: 1, why: FIELDS.description.why };
      const heading = page.headings?.find((each) => holds(each.text));
      if (heading) return { to: sectionOf(page, heading), score: 1, why: FIELDS.headings.why };
    }
    return undefined;
  }

  private weight(word: string): number {
    return this.weights.get(word) ?? this.unseenWeight;
  }

  /** The path's terms that a page matches in its strong fields (typos allowed as in the search). */
  private strongMatches(query: string, id: string): Set<string> {
    const [hit] = this.search.search(query, { fields: STRONG_FIELDS, filter: (result) => result.id === id });
    return new Set(hit?.queryTerms ?? []);
  }

  /** The reason shown: the most telling field a page matched in. */
  private why(result: SearchResult): string {
    const fields = new Set(Object.values(result.match).flat());
    const field = FIELD_NAMES.find((name) => fields.has(name)) ?? "text";
    return FIELDS[field].why;
  }

  /** /category/x and /tag/x: the blog's list for the closest category, or the blog itself. */
  private category(name: string): Suggestion | undefined {
    const wanted = new Set(spelled(name).map(term));
    let best: { category: BlogCategory; score: number } | undefined;
    for (const category of this.categories) {
      const have = new Set(spelled(category.slug).map(term));
      const shared = [...wanted].filter((word) => have.has(word)).length;
      const score = shared / new Set([...wanted, ...have]).size;
      if (!best || score > best.score) best = { category, score };
    }
    if (best && best.score >= 0.5) {
      return { to: `/blog?category=${encodeURIComponent(best.category.name)}`, score: Math.round(best.score * 100) / 100, why: `the blog's ${best.category.name} list` };
    }
    return this.paths.has("/blog") ? { to: "/blog", score: 0.5, why: "a list of the old blog" } : undefined;
  }
}
