/**
 * The visit counter in the browser (packages/visits has the rest: README, "Visits"): one beacon to
 * the site's own origin per page view (the first load, each client-side navigation, a return from
 * the back/forward cache) and one per tap on Call, Text, Book or 988. It needs no consent and
 * stores nothing in the browser: no cookie, no storage, no identifier; what it sends is the page's
 * path, on the visit's first view where the visitor came from (the referring site's host name),
 * and a tap's kind. A page the browser prerenders is counted only once it is shown; a browser
 * driven by automation (a crawler's, a test tool's) sends nothing.
 */
import { BEACON_PATH, FIELD, type Tap } from "@practice/visits/beacon";

type Fields = Record<string, string>;

/** The beacons not yet handed to the browser: each goes out after the one before it. */
let queue: Promise<void> = Promise.resolve();

/**
 * Posts the fields to BEACON_PATH: a keepalive fetch (it outlives the page, as sendBeacon would) with
 * its body's SHA-256 in `x-amz-content-sha256`. In AWS, CloudFront signs its requests to the server
 * function's URL with the hash the viewer sent, and Lambda refuses a POST without it
 * (infra/preview/server.ts): sendBeacon cannot set a header.
 */
function send(fields: Fields): void {
  if (navigator.webdriver) return;
  // Outside a secure context (plain http on a host other than localhost) there is no crypto.subtle;
  // a beacon without its hash would only be refused, so none is sent.
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return;
  const body = new URLSearchParams(fields).toString();
  const hashed = subtle.digest("SHA-256", new TextEncoder().encode(body));
  queue = queue
    .then(() => hashed)
    .then((digest) => {
      const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
      // Not awaited: the next beacon waits for this one's hash, not for its answer.
      fetch(BEACON_PATH, { method: "POST", body, headers: { "x-amz-content-sha256": hash }, keepalive: true, credentials: "omit" }).catch(() => {});
    })
    .catch(() => {});
}

/** The page as the beacon names it: its path, and on the blog its category. */
let page: Fields | undefined;
/** Whether this document's first view was counted: only that one can be an arrival. */
let arrivalCounted = false;
/** The taps counted this visit (a visit, here: this document, and every page it shows without loading another). */
const tapped = new Set<Tap>();

/** On the document's first view: where the visitor came from, "" for nowhere; nothing for a reload, a return, or a page of this site. */
function arrival(): Fields {
  if (arrivalCounted) return {};
  arrivalCounted = true;
  const type = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
  if (type === "reload" || type === "back_forward") return {};
  let host = "";
  try {
    host = new URL(document.referrer).hostname;
  } catch {
    // no referrer: typed, a bookmark, an app, or a site that sends none
  }
  return host === location.hostname ? {} : { [FIELD.referrer]: host };
}

/** Counts a view of the page (once per change of page: React may run an effect twice). */
export function countView(path: string, category: string | null): void {
  const next: Fields = path === "/blog" && category !== null ? { [FIELD.page]: path, [FIELD.category]: category } : { [FIELD.page]: path };
  if (page && page[FIELD.page] === next[FIELD.page] && page[FIELD.category] === next[FIELD.category]) return;
  page = next;
  const fields = { ...next, ...arrival() };
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", () => send(fields), { once: true });
  else send(fields);
}

/** The tap a link makes, if it is one the counts keep: the practice's number called or texted, 988, the booking link. */
export function tapOf(href: string, phoneDigits: string, bookingUrl: string): Tap | undefined {
  const scheme = href.slice(0, 4).toLowerCase();
  if (scheme === "tel:" || scheme === "sms:") {
    const digits = href.replace(/[?;,].*/, "").replace(/\D/g, "");
    if (digits === "988") return "988";
    return digits.length >= 10 && phoneDigits.endsWith(digits) ? (scheme === "tel:" ? "call" : "text") : undefined;
  }
  return bookingUrl && href.startsWith(bookingUrl) ? "book" : undefined;
}

/** Listens for taps and returns from the back/forward cache; returns what stops listening. */
export function watchVisit(phoneDigits: string, bookingUrl: string): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    const tap = link && page && tapOf(link.href, phoneDigits, bookingUrl);
    if (!tap || tapped.has(tap)) return;
    send({ ...page, [FIELD.tap]: tap, ...(tapped.size === 0 && { [FIELD.firstTap]: "1" }) });
    tapped.add(tap);
  };
  const onShow = (event: PageTransitionEvent) => {
    if (event.persisted && page) send(page);
  };
  document.addEventListener("click", onClick, true);
  window.addEventListener("pageshow", onShow);
  return () => {
    document.removeEventListener("click", onClick, true);
    window.removeEventListener("pageshow", onShow);
  };
}
