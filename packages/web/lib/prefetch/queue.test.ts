import { describe, expect, it } from "vitest";
import { PrefetchQueue, prefetchAllowed, routeKey } from "./queue";

/** A queue on a fake clock: `advance(ms)` runs the timers due by then. */
function harness(options: { limit?: number; maxWaiting?: number } = {}) {
  const started: string[] = [];
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const queue = new PrefetchQueue({
    settleMs: 100,
    timeoutMs: 8000,
    ...options,
    start: (href) => started.push(href),
    setTimer: (fn, ms) => {
      timers.push({ at: now + ms, fn, id: ++ids });
      return ids;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  });
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return { queue, started, advance };
}

describe("PrefetchQueue", () => {
  it("starts at most four prefetches at once", () => {
    const { queue, started } = harness();
    for (const href of ["/a", "/b", "/c", "/d", "/e", "/f"]) queue.request(href);
    expect(started).toEqual(["/a", "/b", "/c", "/d"]);
    expect(queue.pendingCount).toBe(4);
    expect(queue.waitingCount).toBe(2);
  });

  it("starts the most recently requested waiting route when a slot frees", () => {
    const { queue, started } = harness();
    for (const href of ["/a", "/b", "/c", "/d", "/e", "/f"]) queue.request(href);
    queue.complete("/b");
    expect(started.at(-1)).toBe("/f");
    expect(queue.pendingCount).toBe(4);
  });

  it("never prefetches the same route twice", () => {
    const { queue, started } = harness();
    queue.request("/a");
    queue.request("/a");
    queue.complete("/a");
    queue.request("/a");
    expect(started).toEqual(["/a"]);
  });

  it("drops the oldest waiting routes beyond the waiting limit", () => {
    const { queue, started } = harness({ limit: 1, maxWaiting: 2 });
    for (const href of ["/a", "/b", "/c", "/d"]) queue.request(href);
    expect(queue.waitingCount).toBe(2);
    queue.complete("/a");
    queue.complete("/d");
    queue.complete("/c");
    expect(started).toEqual(["/a", "/d", "/c"]);
  });

  it("holds the slot while any of the route's requests is open, the second one included", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    const tree = queue.requestStarted("/a", "");
    advance(5000);
    expect(started).toEqual(["/a"]);
    queue.requestEnded(tree);
    advance(20); // Next decodes the route tree, then asks for the page's segments
    const segments = queue.requestStarted("/a", "");
    advance(1000);
    expect(started).toEqual(["/a"]);
    queue.requestEnded(segments);
    advance(99);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("frees the slot of a route that needed no request (already cached)", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    advance(100);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("counts a request for the bare path against that path's routes with a query, never the reverse", () => {
    const { queue, started, advance } = harness({ limit: 2 });
    queue.request("/blog?category=A");
    queue.request("/blog");
    queue.request("/c");
    expect(queue.requestStarted("/blog", "")).toEqual(["/blog?category=A", "/blog"]);
    expect(queue.requestStarted("/blog", "category=A")).toEqual(["/blog?category=A"]);
    expect(queue.requestStarted("/blog", "category=B")).toEqual([]);
    queue.requestEnded(["/blog"]);
    advance(100);
    expect(started).toEqual(["/blog?category=A", "/blog", "/c"]);
  });

  it("frees a slot whose requests never end", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    queue.requestStarted("/a", "");
    advance(7999);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });
});

describe("routeKey", () => {
  it("is one key per route: no fragment, no _rsc, one spelling of the query", () => {
    const base = "https://www.example.com/services";
    expect(routeKey("/blog?category=A%20B#top", base).key).toBe("/blog?category=A+B");
    expect(routeKey("https://www.example.com/blog?_rsc=1x2y&category=A+B", base)).toEqual({ path: "/blog", search: "category=A+B", key: "/blog?category=A+B" });
    expect(routeKey("/FAQPage#fees", base).key).toBe("/FAQPage");
    expect(routeKey("/services/couplesTherapy?_rsc", base).key).toBe("/services/couplesTherapy");
  });
});

describe("prefetchAllowed", () => {
  it("allows prefetching when the browser says nothing about the connection", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
  });

  it("refuses on data saver and on 2G-class connections", () => {
    expect(prefetchAllowed({ saveData: true, effectiveType: "4g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
  });
});
