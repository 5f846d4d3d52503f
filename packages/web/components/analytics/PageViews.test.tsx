// @vitest-environment happy-dom
import { act, StrictMode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** What Next's hooks report: the test moves the "router" by changing it and re-rendering. */
const location = vi.hoisted(() => ({ pathname: "/", search: "" }));
vi.mock("next/navigation", () => ({
  usePathname: () => location.pathname,
  useSearchParams: () => new URLSearchParams(location.search),
}));

// The pages the site index lists, for these tests: written here, not read from the content.
vi.mock("@/.generated/routes.json", () => ({ default: ["/", "/about-me", "/contact", "/blog"] }));

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

type Event = { event: string; page_path: string; page_title: string };
const dataLayer = () => (window as unknown as { dataLayer?: (Event | IArguments)[] }).dataLayer ?? [];
const pageViews = () => dataLayer().filter((entry): entry is Event => (entry as Event).event === "page_view");

let root: Root;
let render: () => Promise<void>;

beforeEach(async () => {
  // A fresh module each time: it remembers the last page it reported.
  vi.resetModules();
  const { PageViews } = await import("./PageViews");
  delete (window as unknown as { dataLayer?: unknown }).dataLayer;
  document.head.innerHTML = "<title>Home | Site</title>";
  Object.assign(location, { pathname: "/", search: "" });
  root = createRoot(document.body.appendChild(document.createElement("div")));
  render = () =>
    act(async () =>
      root.render(
        <StrictMode>
          <PageViews categories={["Couples Therapy"]} />
        </StrictMode>,
      ),
    );
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
});

/** A navigation whose <title> Next streams in after the page itself. */
async function navigate(pathname: string, search = "") {
  Object.assign(location, { pathname, search });
  await render();
}

async function setTitle(title: string) {
  await act(async () => {
    document.title = title;
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the MutationObserver report
  });
}

describe("PageViews", () => {
  it("pushes one page_view on the first load under StrictMode, whose effects run twice", async () => {
    vi.useFakeTimers();
    const { TITLE_WAIT_MS } = await import("./PageViews");
    await render();
    await render();
    await act(async () => vi.advanceTimersByTime(TITLE_WAIT_MS * 2));
    expect(pageViews()).toEqual([expect.objectContaining({ page_path: "/", page_title: "Home | Site" })]);
  });

  it("waits for the new page's title, then pushes exactly one page_view for it", async () => {
    await render();
    await navigate("/about-me");
    expect(pageViews()).toHaveLength(1); // the title is still the previous page's
    await setTitle("About | Site");
    await setTitle("About | Site (changed again)");
    expect(pageViews().map((view) => [view.page_path, view.page_title])).toEqual([
      ["/", "Home | Site"],
      ["/about-me", "About | Site"],
    ]);
  });

  it("pushes at once when the title is already there, and after a timeout when two pages share one", async () => {
    vi.useFakeTimers();
    const { TITLE_WAIT_MS } = await import("./PageViews");
    await render();
    document.title = "Contact | Site";
    await navigate("/contact");
    expect(pageViews().at(-1)).toMatchObject({ page_path: "/contact", page_title: "Contact | Site" });
    await navigate("/blog", "category=Unknown");
    expect(pageViews()).toHaveLength(2);
    await act(async () => vi.advanceTimersByTime(TITLE_WAIT_MS));
    expect(pageViews().at(-1)).toMatchObject({ page_path: "/blog", page_title: "Contact | Site" });
    expect(pageViews()).toHaveLength(3);
  });

  it("keeps a known blog category, drops anything else typed into the query", async () => {
    Object.assign(location, { pathname: "/blog", search: "category=jane%40example.com" });
    await render();
    await navigate("/blog", "category=Couples+Therapy");
    await setTitle("Couples Therapy articles | Site");
    expect(pageViews().map((view) => view.page_path)).toEqual(["/blog", "/blog?category=Couples%20Therapy"]);
    expect(JSON.stringify(pageViews())).not.toContain("jane");
  });

  it("counts a path the site did not publish as /(not-found), before and after the tags' page settings, and as the next page's referrer", async () => {
    Object.assign(location, { pathname: "/jane.doe@gmail.com/206-555-1234-my-bipolar-diagnosis" });
    document.title = "Page not found | Site";
    Object.defineProperty(document, "referrer", { value: `${window.location.origin}/jane.doe@gmail.com/206-555-1234`, configurable: true });
    await render();
    await navigate("/about-me");
    await setTitle("About | Site");
    const origin = window.location.origin;
    // Each page view is preceded by the same page settings for the tags (gtag("set", …)).
    const entries = dataLayer().map((entry) => (Object.prototype.toString.call(entry) === "[object Arguments]" ? Array.from(entry as IArguments) : entry));
    expect(entries).toEqual([
      ["set", { page_location: `${origin}/(not-found)`, page_referrer: `${origin}/(not-found)`, page_title: "Page not found | Site" }],
      { event: "page_view", page_path: "/(not-found)", page_location: `${origin}/(not-found)`, page_referrer: `${origin}/(not-found)`, page_title: "Page not found | Site" },
      ["set", { page_location: `${origin}/about-me`, page_referrer: `${origin}/(not-found)`, page_title: "About | Site" }],
      { event: "page_view", page_path: "/about-me", page_location: `${origin}/about-me`, page_referrer: `${origin}/(not-found)`, page_title: "About | Site" },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/jane|gmail|206|555|1234|bipolar/);
    Object.defineProperty(document, "referrer", { value: "", configurable: true });
  });

  it("pushes a page_view when the page comes back from the back/forward cache", async () => {
    await render();
    await act(async () => {
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: false }));
    });
    expect(pageViews().map((view) => view.page_path)).toEqual(["/", "/"]);
  });
});
