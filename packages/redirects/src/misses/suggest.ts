/**
 * A suggested target for a missing legacy path: the live page the old URL was about, or none when
 * nothing is close (a wrong suggestion costs more than none: the owner may accept it unread).
 *  1. the old site's shapes come off the path (`.html`/`.php`/`.aspx` endings, `index.html`, date
 *     folders such as /2019/05/, `/amp`), and WordPress's /category/x, /tag/x and /author/x go to
 *     the blog's lists and the About page; scanners' probes (wp-login.php, .env) get nothing;
 *  2. the words left are read: Porter stems (`stemmer`), a small table of the old sites' other
 *     words and phrases for the same thing ("video" is online, "retreat" an intensive, "no
 *     surprises act" a good faith estimate), a misspelt word as the site's word one or two letters
 *     from it, and no word of two letters or fewer ("wa"). What the address is about, its topic,
 *     leaves out the words that only say it is a therapist's page (therapy, session, service,
 *     policy…): `/kirkland-therapist` is about Kirkland, which the site may not have;
 *  3. they are searched (MiniSearch's BM25+) in what each page is about: its address, title and
 *     heading, keywords, description, section headings, the therapist's name where a page shows
 *     it, and its text. A page is a candidate when the words it matches in its address, titles,
 *     keywords or names carry more than half the weight of the topic's (rare words weigh more:
 *     "teen" or "fight" decide more than "couples"). An old post's address (dated, under a blog
 *     folder, or four words or more) is looked for among the posts, its topic without the words
 *     any title is made of ("the first year"), and among other pages only one whose title or
 *     address says that topic; any other address among the other pages first: `/intensives.html`
 *     is the service, not a post about intensives;
 *  4. among candidates: a page under one the old address names as a folder, then one spelt with
 *     the same words, then one whose title says the address's words in order, then the one that
 *     matches most, whose own address holds what the old one names and says least besides (the
 *     general page, not a city's), the shallower;
 *  5. a page named by the old address's last part, or whose address holds it, is the target;
 *     otherwise a section whose heading says exactly that (/telehealth: the policies' Telehealth
 *     section), then the page; with no page (and not an old post's address), one whose
 *     description holds every word of a several-word address (/good-faith-estimate), or a section
 *     whose heading says it with the fewest more words, at most two (/our-approach: "A word about
 *     approach").
 * Each suggestion says why ("matches the therapist's name", "matches the page title"). */
import { distance as editDistance } from "fastest-levenshtein";
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
const STOP_WORDS = new Set([
  ...["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "i", "in", "is", "it", "me", "my", "of", "on", "or", "our", "page", "the", "to", "us", "we", "what", "with", "you", "your"],
  // Words a post's title is made of that say nothing of its topic ("why we keep having the same fight").
  ...["why", "how", "when", "who", "do", "does", "did", "have", "has", "having", "can", "will", "should", "this", "that", "these", "their", "they", "there", "here", "just", "so", "if", "but", "into", "all", "more", "very", "some", "its"],
  // And the everyday verbs a title leans on ("what to expect", "keeps happening").
  ...["keep", "keeps", "happen", "happens", "happening", "expect", "get", "gets", "getting", "make", "makes", "know", "need", "want", "really"],
  ...["www", "html", "htm", "php", "aspx", "asp", "amp", "index", "default"],
]);

/**
 * Words that say what kind of thing a page is on a therapist's site, not what it is about: the
 * topic of `/therapy-for-anxiety` is anxiety, of `/video-sessions` video, of `/kirkland-therapist`
 * Kirkland (which the site may not have at all). An address made only of them keeps them.
 */
const GENERIC_WORDS = ["therapy", "session", "service", "policy", "information", "info", "details", "location", "area"];

/**
 * Phrases an old site used for what this one calls otherwise, read before the words (after the
 * old address's dashes become spaces).
 */
const PHRASES: [string, string][] = [
  ["no surprises act", "good faith estimate"],
  ["notice of privacy practices", "privacy policy"],
  ["privacy practices", "privacy policy"],
];

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
  meet: "about",
  telehealth: "online",
  telemedicine: "online",
  video: "online",
  virtual: "online",
  zoom: "online",
  remote: "online",
  marathon: "intensive",
  retreat: "intensive",
  intensives: "intensive",
  notice: "policy",
  appointment: "contact",
  appointments: "contact",
  schedule: "contact",
  booking: "contact",
  book: "contact",
  reach: "contact",
  inquiry: "contact",
  enquiry: "contact",
  blues: "mood",
  stepfamily: "blended",
  stepfamilies: "blended",
  teenager: "teen",
  adolescent: "teen",
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
  let words = ` ${decode(text)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .join(" ")} `;
  for (const [phrase, meaning] of PHRASES) words = words.replaceAll(` ${phrase} `, ` ${meaning} `);
  // Nor a word of one or two letters: a state's code (seattle-wa), an initial, a suffix cut off.
  return words.split(/[^a-z0-9]+/).filter((word) => word.length > 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word));
}

/** A word as searched: its stem, or the stem of this site's word for the same thing. */
const term = (word: string) => {
  const stem = stemmer(word);
  return STEM_SYNONYMS.get(stem) ?? stem;
};

/** The terms of a text or a path. */
const terms = (text: string) => spelled(text).map(term);

const GENERIC = new Set(GENERIC_WORDS.map(term));

/**
 * Words any post's title may be made of, which say little of its topic: "stepfamily, the first
 * year" is about stepfamilies, not any first year.
 */
const TITLE_WORDS = new Set(
  ["first", "year", "years", "new", "best", "top", "tip", "tips", "way", "ways", "guide", "thing", "things", "simple", "small", "big", "good", "better", "time", "day", "week", "month", "part", "sign", "signs", "reason", "reasons", "step", "steps", "move", "moves", "matter", "matters", "actually", "like"].map(term),
);

/** What a list of terms is about: its terms that are not generic (GENERIC_WORDS), or all of them if none is. */
const topicOf = (words: readonly string[]) => {
  const topic = words.filter((word) => !GENERIC.has(word));
  return topic.length > 0 ? topic : [...words];
};

/** What an old post's words are about: those that are not any title's (TITLE_WORDS), or all of them if none is. */
const postTopicOf = (words: readonly string[]) => {
  const topic = words.filter((word) => !TITLE_WORDS.has(word));
  return topic.length > 0 ? topic : [...words];
};

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

/** Terms already made (a query of terms, space-separated). */
const splitTerms = (text: string) => text.split(" ").filter(Boolean);

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
  /** Every term the site has, in any field: a word of these is no typo. */
  private readonly vocabulary = new Set<string>();

  constructor(
    pages: readonly SitePage[],
    private readonly categories: readonly BlogCategory[] = [],
  ) {
    const documents = pages.map(documentOf);
    this.paths = new Set(pages.map((page) => page.path));
    this.pages = new Map(pages.map((page) => [page.path, page]));
    this.slugSpelling = new Map(documents.map((document) => [document.id, spelling(document.slug)]));
    for (const document of documents) for (const field of FIELD_NAMES) for (const word of terms(document[field])) this.vocabulary.add(word);
    this.search = new MiniSearch<Document>({
      fields: FIELD_NAMES,
      // Pages and paths alike: each word's stem, or this site's word for it.
      tokenize: terms,
      processTerm: (word) => word,
      searchOptions: {
        // Among pages that match as well, the shallower: /individual-therapy is the general page, not a city's.
        boostDocument: (id) => 1 / (1 + 0.1 * ((id as string).split("/").filter(Boolean).length - 1)),
        boost: Object.fromEntries(FIELD_NAMES.map((field) => [field, FIELDS[field].boost])),
        // Typos are read before searching (read()): a word the site has is never taken for
        // another ("fight" is not a misspelt "night", nor "session" of "season").
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
      if (shape?.toLowerCase() === "author") {
        const about = this.aboutPage();
        return about ? { to: about, score: 1, why: "an author page of the old blog" } : undefined;
      }
      return this.category(rest);
    }

    const segments = core.split("/").filter(Boolean);
    const wanted = [...new Set(this.read(core))];
    if (wanted.length === 0) return undefined;
    // A post's address (dated, under a blog's folder, or a title's worth of words) is looked for
    // among the posts first; any other among the other pages first.
    const postShaped = /\/(?:19|20)\d{2}[/-]/.test(path) || /^\/(?:blog|news|articles?|posts?|journal)\//i.test(core) || topicOf(wanted).length >= 4;
    // What the address is about: a page's, its words less those that only say it is a therapist's
    // page; a post's, its words less those any title is made of ("the first year", "small steps").
    const topic = postShaped ? postTopicOf(wanted) : topicOf(wanted);
    // What the address's last part names: the page, where the folders before it are its context.
    const named = topicOf([...new Set(this.read(segments.at(-1) ?? ""))]);
    const results = this.find(wanted);
    const total = topic.reduce((sum, word) => sum + this.weight(word), 0);
    const coverage = (id: string) => {
      const matched = this.strongMatches(wanted, id);
      return topic.filter((word) => matched.has(word)).reduce((sum, word) => sum + this.weight(word), 0) / total;
    };
    const isPost = (id: string) => id.startsWith("/blog/");
    let page: Suggestion | undefined;
    // An old post that no post matches is another page only when that page's title or address
    // says what the post was about.
    const topicSet = new Set(topic);
    const fits = (id: string, posts: boolean) => isPost(id) === posts && (posts || !postShaped || this.isNamed(id, topicSet) || this.addressHolds(id, topicSet));
    for (const posts of postShaped ? [true, false] : [false, true]) {
      const result = this.best(results.filter((each) => fits(each.id as string, posts)), { segments, named, last: segments.at(-1) ?? "" }, (id) => coverage(id) > ENOUGH, coverage);
      if (result) {
        page = { to: result.id as string, score: Math.round(coverage(result.id as string) * 100) / 100, why: this.why(result) };
        break;
      }
    }
    const namedSet = new Set(named);
    // A page named by the old address, or whose own address holds it (/services/emdr-trauma for
    // /emdr-therapy), is the target; otherwise a section headed by exactly what the address says
    // (/telehealth: the policies' Telehealth), then the page; with no page, a page whose
    // description holds the address's words, or a section headed by a little more than them.
    if (page && (this.isNamed(page.to, namedSet) || this.addressHolds(page.to, namedSet))) return page;
    if (postShaped) return page ?? this.section(results, namedSet, "exactly");
    return this.section(results, namedSet, "exactly") ?? page ?? this.mention(results, topic) ?? this.section(results, namedSet, "within");
  }

  /** A text's terms, each misspelt word (one the site does not have) read as the site's word it is one or two letters from. */
  private read(text: string): string[] {
    return terms(text).map((word) => {
      if (this.vocabulary.has(word) || word.length < 6) return word;
      const allowed = word.length >= 7 ? 2 : 1;
      let best: { word: string; distance: number } | undefined;
      for (const known of this.vocabulary) {
        if (Math.abs(known.length - word.length) > allowed) continue;
        const distance = editDistance(word, known);
        if (distance <= allowed && (!best || distance < best.distance)) best = { word: known, distance };
      }
      return best?.word ?? word;
    });
  }

  /** The pages that have any of these terms, best ranked first. */
  private find(words: readonly string[]): SearchResult[] {
    return this.search.search(words.join(" "), { tokenize: splitTerms });
  }

  /**
   * Of the pages found, the one the old address is about, or none: one that matches `enough` of
   * it. Among those, a page under one the old address names as a folder, whose own words match
   * its last part, first (the specific page beats its parent: /services/couples-counseling.html is
   * /services/couplesTherapy); then one whose address is spelt with the same words
   * (couplesCounselingSeattle for couples-counseling-seattle); then one whose title says the old
   * address's words in its order ("Intensive Couples Counseling in Seattle…"); then the one matching
   * most of it, whose own address holds most of what the old one names and says least besides (the
   * general page, not a city's), the shallower, the better ranked.
   */
  private best(
    results: readonly SearchResult[],
    { segments, named, last }: { segments: readonly string[]; named: readonly string[]; last: string },
    enough: (id: string) => boolean,
    coverage: (id: string) => number,
  ): SearchResult | undefined {
    let eligible = results.slice(0, 12).filter((result) => enough(result.id as string));
    if (eligible.length === 0) return undefined;
    const parent = eligible[0]?.id as string;
    const folders = new Set(segments.slice(0, -1).map(spelling));
    if (parent !== "/" && folders.has(this.slugSpelling.get(parent) ?? "")) {
      const children = eligible.filter((result) => (result.id as string).startsWith(`${parent}/`) && named.every((word) => this.strongMatches(named, result.id as string).has(word)));
      if (children.length > 0) eligible = children;
    }
    const spelt = spelling(last);
    const phrase = this.read(last);
    const slugWords = (id: string) => topicOf(terms(id.split("/").at(-1) ?? ""));
    const missing = (id: string) => named.filter((word) => !slugWords(id).includes(word)).length;
    // The home page's address says nothing, yet it is about everything: never the closest.
    const extra = (id: string) => (id === "/" ? Number.MAX_SAFE_INTEGER : slugWords(id).filter((word) => !named.includes(word)).length);
    const key = (result: SearchResult, rank: number) => {
      const id = result.id as string;
      const title = terms(this.pages.get(id)?.title ?? "").join(" ");
      const saysIt = phrase.length >= 2 && ` ${title} `.includes(` ${phrase.join(" ")} `);
      return [this.slugSpelling.get(id) === spelt ? 0 : 1, saysIt ? 0 : 1, -Math.round(coverage(id) * 20), missing(id), extra(id), id.split("/").length, rank];
    };
    return eligible
      .map((result, rank) => ({ result, key: key(result, rank) }))
      .sort((a, b) => a.key.reduce((order, value, i) => order || value - b.key[i]!, 0))[0]?.result;
  }

  /** The site's About page: the shallowest whose address says "about" (or bio, team…). */
  private aboutPage(): string | undefined {
    const about = term("about");
    return [...this.paths].filter((id) => terms(id.split("/").at(-1) ?? "").includes(about)).sort((a, b) => a.split("/").length - b.split("/").length || a.length - b.length)[0];
  }

  /** Whether a page's title, heading or address says exactly what the old address's last part says (generic words aside). */
  private isNamed(id: string, named: ReadonlySet<string>): boolean {
    const page = this.pages.get(id);
    return [page?.title, page?.heading, id.split("/").at(-1)].some((text) => text !== undefined && sameWords(topicOf(terms(text)), named));
  }

  /** Whether a page's own address holds every word of what the old one names, and at most two more. */
  private addressHolds(id: string, named: ReadonlySet<string>): boolean {
    const words = new Set(topicOf(terms(id.split("/").at(-1) ?? "")));
    return named.size > 0 && [...named].every((word) => words.has(word)) && words.size <= named.size + 2;
  }

  /**
   * The section whose heading is about what the old address's last part says: `exactly`
   * ("Telehealth" for /telehealth), or `within` a heading of the fewest more words, at most two
   * ("A word about approach" for /our-approach); among equals the shallower page's (the general
   * one), then the best-ranked.
   */
  private section(results: readonly SearchResult[], named: ReadonlySet<string>, how: "exactly" | "within"): Suggestion | undefined {
    if (named.size === 0) return undefined;
    // How many words a heading says besides those named: none ("exactly"), or the fewest, at most two.
    const most = how === "exactly" ? 0 : 2;
    let best: { page: SitePage; heading: SiteHeading; extra: number; depth: number } | undefined;
    for (const result of results) {
      const page = this.pages.get(result.id as string);
      for (const heading of page?.headings ?? []) {
        const words = new Set(topicOf(terms(heading.text)));
        const extra = words.size - named.size;
        const depth = result.id === "/" ? 0 : (result.id as string).split("/").length;
        if ([...named].every((word) => words.has(word)) && extra <= most && (!best || extra < best.extra || (extra === best.extra && depth < best.depth))) best = { page: page!, heading, extra, depth };
      }
    }
    return best && { to: sectionOf(best.page, best.heading), score: 1, why: FIELDS.headings.why };
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
  private strongMatches(words: readonly string[], id: string): Set<string> {
    const [hit] = this.search.search(words.join(" "), { fields: STRONG_FIELDS, tokenize: splitTerms, filter: (result) => result.id === id });
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
