/**
 * Where an arrival came from, as one of four kinds: the referring host is read here and dropped.
 * Search engines and social networks by their domains (any subdomain, any country's domain where
 * they have one); an empty referrer is "direct" (typed, a bookmark, an app, or a site that sends
 * none); anything else is another site.
 */
export const REFERRER_KINDS = ["search", "social", "direct", "otherSite"] as const;
export type ReferrerKind = (typeof REFERRER_KINDS)[number];

/** Domains under every country code (google.co.uk, bing.com, yandex.ru …): matched with any ending. */
const SEARCH_ANY_ENDING = ["google", "bing", "yahoo", "yandex", "baidu", "naver", "seznam", "ecosia", "qwant", "startpage"];
const SEARCH = [
  "duckduckgo.com",
  "search.brave.com",
  "kagi.com",
  "ask.com",
  "aol.com",
  "so.com",
  "sogou.com",
  // Answer engines: a person searched and was sent here.
  "perplexity.ai",
  "chatgpt.com",
  "copilot.microsoft.com",
  // Android's Google app sends its package name as the referrer (android-app://…).
  "com.google.android.googlequicksearchbox",
];
/** A search engine's own mail, documents and hosted sites are not a search. */
const NOT_SEARCH = /^(?:mail|docs|drive|sites|groups|calendar|classroom)\.(?:google|yahoo)\./;
const SOCIAL = [
  "facebook.com",
  "fb.com",
  "messenger.com",
  "instagram.com",
  "threads.net",
  "threads.com",
  "t.co",
  "twitter.com",
  "x.com",
  "linkedin.com",
  "lnkd.in",
  "reddit.com",
  "pinterest.com",
  "pin.it",
  "tiktok.com",
  "youtube.com",
  "youtu.be",
  "bsky.app",
  "mastodon.social",
  "nextdoor.com",
  "quora.com",
  "tumblr.com",
  "snapchat.com",
  "whatsapp.com",
  "wa.me",
  "telegram.org",
  "t.me",
  "discord.com",
  "com.facebook.katana",
  "com.instagram.android",
  "com.linkedin.android",
  "com.reddit.frontpage",
];

const under = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);
/** google.com, google.co.uk, news.google.de: the name as a label, then only a country or generic ending. */
const anyEnding = (host: string, name: string) => new RegExp(`(^|\\.)${name}\\.(?:[a-z]{2,3}|co\\.[a-z]{2}|com\\.[a-z]{2})$`).test(host);

export function referrerKind(host: string): ReferrerKind {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "") return "direct";
  if ((!NOT_SEARCH.test(name) && SEARCH_ANY_ENDING.some((engine) => anyEnding(name, engine))) || SEARCH.some((domain) => under(name, domain))) return "search";
  if (SOCIAL.some((domain) => under(name, domain))) return "social";
  return "otherSite";
}
