/**
 * A suggested target for a missing legacy path: the live page whose path and title best match
 * it, or none when nothing is close. Old sites leave recognisable shapes: `.html`/`.php` endings,
 * `index.html`, date folders (/2019/05/slug), WordPress's /category/x, /tag/x and /author/x.
 * Words are weighted by how rare they are among the site's pages, so "therapy" (on every page)
 * decides less than "teen" or "fight".
 */

export interface SitePage {
  path: string;
  title: string;
}

export interface BlogCategory {
  name: string;
  slug: string;
}

export interface Suggestion {
  to: string;
  /** 0..1, how close the match is. */
  score: number;
  why: string;
}

/** Paths only scanners ask for: never redirected anywhere. */
const PROBES = /^\/(?:wp-(?:admin|login|includes|json|cron|config)|xmlrpc\.php|\.env|\.git|cgi-bin|phpmyadmin|admin|administrator|vendor|config|setup\.php|install\.php)(?:[/.]|$)/i;
const PAGE_ENDING = /\.(?:html?|php\d?|aspx?|shtml|jsp|cfm)$/i;
const INDEX_FILE = /\/(?:index|default|home)\.(?:html?|php\d?|aspx?)$/i;
const DATE_FOLDERS = /\/(?:19|20)\d{2}\/(?:0?[1-9]|1[0-2])(?:\/(?:0?[1-9]|[12]\d|3[01]))?(?=\/|$)/g;
const STOP_WORDS = new Set(["a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "i", "in", "is", "it", "me", "my", "of", "on", "or", "our", "page", "the", "to", "us", "we", "with", "you", "your", "www", "html", "htm", "php", "amp", "index"]);
/** Words the old site may have used for what this site calls otherwise. */
const SYNONYMS: Record<string, string> = {
  counseling: "therapy",
  counselling: "therapy",
  counselor: "therapy",
  counsellor: "therapy",
  therapist: "therapy",
  psychotherapy: "therapy",
  marriage: "couple",
  marital: "couple",
  fee: "rate",
  cost: "rate",
  price: "rate",
  pricing: "rate",
  payment: "rate",
  faqs: "faq",
  question: "faq",
  bio: "about",
  biography: "about",
  telehealth: "online",
  video: "online",
  virtual: "online",
};

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Lower-case words of a path or title: camelCase, hyphens, underscores and punctuation split; plurals and synonyms folded. */
export function words(text: string): string[] {
  return spelled(text).map((word) => SYNONYMS[word] ?? word);
}

/** The same words as spelt, without synonyms: an exact slug match beats a near one. */
function spelled(text: string): string[] {
  return decode(text)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOP_WORDS.has(word) && !/^\d+$/.test(word))
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));
}

const spelling = (text: string) => [...new Set(spelled(text))].sort().join(" ");

/** The legacy path with the old site's shapes taken off: what is left names the page. */
export function legacyCore(path: string): string {
  let core = path.replace(INDEX_FILE, "/").replace(PAGE_ENDING, "");
  core = core.replace(DATE_FOLDERS, "");
  core = core.replace(/\/(?:page\/\d+|amp|feed)\/?$/i, "");
  return core.replace(/\/+$/, "") || "/";
}

interface Indexed {
  page: SitePage;
  slug: Set<string>;
  slugAsSpelt: string;
  all: Set<string>;
}

export class Suggester {
  private readonly pages: Indexed[];
  private readonly weights = new Map<string, number>();
  private readonly unseenWeight: number;

  constructor(
    pages: readonly SitePage[],
    private readonly categories: readonly BlogCategory[] = [],
  ) {
    this.pages = pages.map((page) => {
      const segments = page.path.split("/").filter(Boolean);
      const slug = segments.at(-1) ?? "home";
      return { page, slug: new Set(words(slug)), slugAsSpelt: spelling(slug), all: new Set([...words(page.path), ...words(page.title)]) };
    });
    const documents = new Map<string, number>();
    for (const { all } of this.pages) for (const word of all) documents.set(word, (documents.get(word) ?? 0) + 1);
    const n = Math.max(this.pages.length, 1);
    for (const [word, count] of documents) this.weights.set(word, Math.log(1 + n / count));
    this.unseenWeight = Math.log(1 + n);
  }

  private weight(word: string): number {
    return this.weights.get(word) ?? this.unseenWeight;
  }

  private sum(wordsOf: Iterable<string>): number {
    let total = 0;
    for (const word of wordsOf) total += this.weight(word);
    return total;
  }

  suggest(path: string): Suggestion | undefined {
    if (PROBES.test(path)) return undefined;
    const core = legacyCore(path);
    if (core === "/") return path === "/" ? undefined : { to: "/", score: 1, why: "the old site's home page" };

    const wordpress = /^(?:\/blog)?\/(category|tag|author)(?:\/(.*))?$/i.exec(core);
    if (wordpress) {
      const [, shape, rest = ""] = wordpress;
      if (shape?.toLowerCase() === "author") return this.exact("/about-me") ? { to: "/about-me", score: 1, why: "an author page of the old blog" } : undefined;
      return this.category(rest);
    }

    const legacy = new Set(words(core));
    if (legacy.size === 0) return undefined;
    const legacyWeight = this.sum(legacy);
    const legacySlug = spelling(core.split("/").at(-1) ?? "");
    let best: (Suggestion & { slugScore: number }) | undefined;
    for (const { page, slug, slugAsSpelt, all } of this.pages) {
      const shared = [...legacy].filter((word) => all.has(word));
      if (shared.length === 0) continue;
      const text = this.sum(shared) / legacyWeight;
      const slugShared = [...legacy].filter((word) => slug.has(word));
      const union = new Set([...legacy, ...slug]);
      // The same words as the page's slug, as spelt, ranks first among equals.
      const slugScore = this.sum(slugShared) / this.sum(union) + (slugAsSpelt === legacySlug ? 0.01 : 0);
      // The slug decides when it matches; a long legacy slug may instead match a post's title.
      const score = Math.min(1, Math.max(0.6 * slugScore + 0.4 * text, legacy.size >= 3 ? 0.85 * text : 0));
      const better =
        !best ||
        score > best.score + 1e-9 ||
        (Math.abs(score - best.score) <= 1e-9 && (slugScore > best.slugScore + 1e-9 || (Math.abs(slugScore - best.slugScore) <= 1e-9 && page.path.length < best.to.length)));
      if (better) best = { to: page.path, score, slugScore, why: `shares ${shared.join(", ")}` };
    }
    if (!best || best.score < 0.45) return undefined;
    return { to: best.to, score: Math.round(best.score * 100) / 100, why: best.why };
  }

  private exact(path: string): boolean {
    return this.pages.some(({ page }) => page.path === path);
  }

  /** /category/x and /tag/x: the blog's list for the closest category, or the blog itself. */
  private category(name: string): Suggestion | undefined {
    const wanted = new Set(words(name));
    let best: { category: BlogCategory; score: number } | undefined;
    for (const category of this.categories) {
      const have = new Set(words(category.slug));
      const shared = [...wanted].filter((word) => have.has(word)).length;
      const score = shared / new Set([...wanted, ...have]).size;
      if (!best || score > best.score) best = { category, score };
    }
    if (best && best.score >= 0.5) {
      return { to: `/blog?category=${encodeURIComponent(best.category.name)}`, score: Math.round(best.score * 100) / 100, why: `the blog's ${best.category.name} list` };
    }
    return this.exact("/blog") ? { to: "/blog", score: 0.5, why: "a list of the old blog" } : undefined;
  }
}
