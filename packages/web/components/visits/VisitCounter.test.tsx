// @vitest-environment happy-dom
import { act, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** What Next's hooks report: the test moves the "router" by changing it and re-rendering. */
const route = vi.hoisted(() => ({ pathname: "/", search: "" }));
vi.mock("next/navigation", () => ({
  usePathname: () => route.pathname,
  useSearchParams: () => new URLSearchParams(route.search),
}));

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

const PHONE = "12065550142";
const BOOKING = "https://booking.example.com/cedar-and-sound";

/** What the page sent: each beacon's URL and fields, and the rest of its request. */
let sent: [string, Record<string, string>][];
let requests: RequestInit[];
let onSend: (() => void) | undefined;
let root: Root;
let render: () => Promise<void>;

function page({ referrer = "", navigation = "navigate", webdriver = false, prerendering = false } = {}) {
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
  Object.defineProperty(document, "prerendering", { value: prerendering, configurable: true });
  Object.defineProperty(navigator, "webdriver", { value: webdriver, configurable: true });
  vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ type: navigation } as unknown as PerformanceEntry]);
}

beforeEach(async () => {
  // A fresh module each time: it remembers the page counted, the document's arrival, the visit's taps.
  vi.resetModules();
  const { VisitCounter } = await import("./VisitCounter");
  sent = [];
  requests = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push([url, Object.fromEntries(new URLSearchParams(String(init.body)))]);
    requests.push(init);
    onSend?.();
    return new Response(null, { status: 204 });
  });
  Object.assign(route, { pathname: "/", search: "" });
  page();
  document.body.innerHTML = `<a id="call" href="tel:+12065550142">Call</a><a id="text" href="sms:+1-206-555-0142">Text</a><a id="crisis" href="tel:988">Call 988</a><a id="crisis-text" href="sms:988">Text 988</a><a id="book" href="${BOOKING}?src=strip">Book</a><a id="other-number" href="tel:+18009853059">GFE line</a><a id="911" href="tel:911">911</a><a id="about" href="/about-me">About</a>`;
  root = createRoot(document.body.appendChild(document.createElement("div")));
  render = () =>
    act(async () =>
      root.render(
        <StrictMode>
          <VisitCounter phoneDigits={PHONE} bookingUrl={BOOKING} />
        </StrictMode>,
      ),
    );
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Until the page has sent `count` beacons in all: each goes out once its body's hash is worked out. */
async function sentCount(count: number) {
  while (sent.length < count) await new Promise<void>((resolve) => (onSend = resolve));
  return sent;
}

async function navigate(pathname: string, search = "") {
  Object.assign(route, { pathname, search });
  await render();
}

const tap = (id: string) => act(async () => void document.getElementById(id)!.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true })));

describe("the visit counter in the browser", () => {
  it("counts the first view as an arrival from the referring site, client-side navigations as views, each once", async () => {
    page({ referrer: "https://www.google.com/search?q=couples+therapy+seattle" });
    await render(); // strict mode runs the effect twice: one beacon
    await navigate("/about-me");
    await navigate("/about-me"); // a re-render on the same page
    await navigate("/blog", "?category=couples%20therapy&utm_source=x");
    await navigate("/contact", "?category=Anxiety");
    expect(await sentCount(4)).toEqual([
      ["/visit", { p: "/", r: "www.google.com" }],
      ["/visit", { p: "/about-me" }],
      ["/visit", { p: "/blog", c: "couples therapy" }],
      ["/visit", { p: "/contact" }],
    ]);
  });

  it.each([
    ["no referrer: direct", { referrer: "" }, { p: "/", r: "" }],
    ["a page of this site (a full page load from a link)", { referrer: "http://localhost:3000/blog" }, { p: "/" }],
    ["a reload", { referrer: "https://www.google.com/", navigation: "reload" }, { p: "/" }],
    ["a return by Back", { referrer: "https://www.google.com/", navigation: "back_forward" }, { p: "/" }],
  ])("on %s", async (_, state, fields) => {
    page(state);
    await render();
    expect(await sentCount(1)).toEqual([["/visit", fields]]);
  });

  it("posts each beacon without cookies, outliving the page, with its body's SHA-256 (CloudFront's signed requests to Lambda need it)", async () => {
    page({ referrer: "https://www.google.com/" });
    await render();
    await sentCount(1);
    expect(requests).toEqual([
      {
        method: "POST",
        body: "p=%2F&r=www.google.com",
        // printf %s 'p=%2F&r=www.google.com' | sha256sum
        headers: { "x-amz-content-sha256": "09d21d2b82ea4725a3a6e32120d7b4e89667012b03b1587aa39c93ba9ac32834" },
        keepalive: true,
        credentials: "omit",
      },
    ]);
  });

  it("counts a prerendered page only once it is shown, and a return from the back/forward cache", async () => {
    page({ prerendering: true });
    await render();
    expect(sent).toEqual([]);
    await act(async () => void document.dispatchEvent(new Event("prerenderingchange")));
    await act(async () => void window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true })));
    // In order: nothing went out before the page was shown.
    expect(await sentCount(2)).toEqual([
      ["/visit", { p: "/", r: "" }],
      ["/visit", { p: "/" }],
    ]);
  });

  it("sends nothing from a browser driven by automation", async () => {
    page({ webdriver: true, referrer: "https://www.google.com/" });
    await render();
    await tap("call");
    // Automation let go (a test's check that nothing was queued): the next view is the first beacon.
    page({ webdriver: false });
    await navigate("/about-me");
    expect(await sentCount(1)).toEqual([["/visit", { p: "/about-me" }]]);
  });

  it("sends nothing where the browser has no crypto.subtle (a page not in a secure context): without its hash Lambda would refuse it", async () => {
    const crypto = globalThis.crypto;
    vi.stubGlobal("crypto", {});
    await render();
    await tap("call");
    // The hash possible again: the next view is the first beacon.
    vi.stubGlobal("crypto", crypto);
    await navigate("/about-me");
    expect(await sentCount(1)).toEqual([["/visit", { p: "/about-me" }]]);
  });

  it("sends the beacons in the order they were made, whichever hash is worked out first", async () => {
    const { subtle } = globalThis.crypto;
    const open: (() => void)[] = [];
    const hashes: Promise<ArrayBuffer>[] = [];
    vi.stubGlobal("crypto", {
      subtle: {
        // Each hash is held back until the test lets it go.
        digest: (algorithm: string, data: BufferSource) => {
          const held = new Promise<void>((resolve) => open.push(resolve));
          const hash = Promise.all([subtle.digest(algorithm, data), held]).then(([digest]) => digest);
          hashes.push(hash);
          return hash;
        },
      },
    });
    page({ referrer: "https://www.google.com/" });
    await render();
    await navigate("/about-me");
    open[1]!();
    await hashes[1]; // the second beacon's hash is ready first
    open[0]!();
    expect(await sentCount(2)).toEqual([
      ["/visit", { p: "/", r: "www.google.com" }],
      ["/visit", { p: "/about-me" }],
    ]);
  });

  it("counts a tap on the practice's number, its booking link or 988, each kind once a visit, the first marked", async () => {
    await render();
    for (const id of ["call", "call", "about", "other-number", "911", "book", "text", "crisis", "crisis-text"]) await tap(id);
    expect((await sentCount(5)).slice(1)).toEqual([
      ["/visit", { p: "/", a: "call", f: "1" }],
      ["/visit", { p: "/", a: "book" }],
      ["/visit", { p: "/", a: "text" }],
      ["/visit", { p: "/", a: "988" }],
    ]);
  });

  it("counts a tap on the page it was made on", async () => {
    await render();
    await navigate("/contact");
    await tap("book");
    expect((await sentCount(3)).at(-1)).toEqual(["/visit", { p: "/contact", a: "book", f: "1" }]);
  });
});
