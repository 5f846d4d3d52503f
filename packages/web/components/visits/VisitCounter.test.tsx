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

/** What the page sent: each beacon's URL and fields. */
let sent: [string, Record<string, string>][];
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
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (url: string, body: URLSearchParams) => sent.push([url, Object.fromEntries(body)]) > 0,
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
});

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
    expect(sent).toEqual([
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
    expect(sent).toEqual([["/visit", fields]]);
  });

  it("counts a prerendered page only once it is shown, and a return from the back/forward cache", async () => {
    page({ prerendering: true });
    await render();
    expect(sent).toEqual([]);
    await act(async () => void document.dispatchEvent(new Event("prerenderingchange")));
    expect(sent).toEqual([["/visit", { p: "/", r: "" }]]);
    await act(async () => void window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true })));
    expect(sent.at(-1)).toEqual(["/visit", { p: "/" }]);
  });

  it("sends nothing from a browser driven by automation", async () => {
    page({ webdriver: true, referrer: "https://www.google.com/" });
    await render();
    await tap("call");
    expect(sent).toEqual([]);
  });

  it("counts a tap on the practice's number, its booking link or 988, each kind once a visit, the first marked", async () => {
    await render();
    for (const id of ["call", "call", "about", "other-number", "911", "book", "text", "crisis", "crisis-text"]) await tap(id);
    expect(sent.slice(1)).toEqual([
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
    expect(sent.at(-1)).toEqual(["/visit", { p: "/contact", a: "book", f: "1" }]);
  });
});
