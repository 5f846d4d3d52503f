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
    quietMs: 3000,
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

  it("holds a route's slot while its segments are on their way, then as long again as the last request took", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    advance(1000); // the route tree is on its way: nothing has ended yet
    expect(queue.requestEnded("/a", "", 1000)).toEqual(["/a"]);
    advance(2900); // Next decoded the tree and asked for the page's segments: they take their time
    expect(started).toEqual(["/a"]);
    expect(queue.requestEnded("/a", "", 2900)).toEqual(["/a"]);
    advance(200); // the other segment, asked for with it, ends too
    queue.requestEnded("/a", "", 3100);
    advance(3099);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("waits at least settleMs after quick requests", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    queue.requestEnded("/a", "", 5);
    advance(10);
    queue.requestEnded("/a", "", 5);
    advance(99);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("frees the slot of a route whose segments Next already has quietMs after its tree", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    advance(500);
    queue.requestEnded("/a", "", 500);
    advance(2999);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("frees the slot of a route for which no request ends (one Next already has) after quietMs", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    advance(2999);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("counts a request for the bare path against that path's routes with a query, never the reverse", () => {
    const { queue, started, advance } = harness({ limit: 2 });
    queue.request("/blog?category=A");
    queue.request("/blog");
    queue.request("/c");
    expect(queue.requestEnded("/blog", "category=B", 10)).toEqual([]);
    expect(queue.requestEnded("/blog", "category=A", 10)).toEqual(["/blog?category=A"]);
    expect(queue.requestEnded("/blog", "", 10)).toEqual(["/blog?category=A", "/blog"]);
    expect(queue.requestEnded("/c", "", 10)).toEqual([]); // not started yet
    queue.requestEnded("/blog", "", 10);
    advance(100);
    expect(started).toEqual(["/blog?category=A", "/blog", "/c"]);
  });

  it("frees a slot whose requests keep ending after timeoutMs", () => {
    const { queue, started, advance } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    for (let elapsed = 0; elapsed < 7000; elapsed += 1000) {
      advance(1000);
      queue.requestEnded("/a", "", 1500);
    }
    advance(999);
    expect(started).toEqual(["/a"]);
    advance(1);
    expect(started).toEqual(["/a", "/b"]);
  });

  it("never starts the page being read, and starts it once the reader has moved on", () => {
    const { queue, started } = harness();
    queue.reading("/a");
    queue.request("/a");
    expect(started).toEqual([]);
    queue.reading("/b");
    queue.request("/b");
    queue.request("/a");
    expect(started).toEqual(["/a"]);
  });

  it("never starts a route while it is read; a forgotten one may be prefetched again", () => {
    const { queue, started } = harness();
    queue.reading("/here");
    queue.request("/here");
    queue.request("/a");
    queue.complete("/a");
    queue.request("/a");
    expect(started).toEqual(["/a"]);
    queue.forget("/a");
    queue.request("/a");
    expect(started).toEqual(["/a", "/a"]);
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
