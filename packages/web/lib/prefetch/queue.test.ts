import { describe, expect, it } from "vitest";
import { PrefetchQueue, prefetchAllowed } from "./queue";

function harness(options: { limit?: number; maxWaiting?: number } = {}) {
  const started: string[] = [];
  const timers: (() => void)[] = [];
  const queue = new PrefetchQueue({
    ...options,
    start: (href) => started.push(href),
    setTimer: (fn) => timers.push(fn) - 1,
    clearTimer: () => {},
  });
  return { queue, started, timers };
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

  it("frees a slot when a response never arrives", () => {
    const { queue, started, timers } = harness({ limit: 1 });
    queue.request("/a");
    queue.request("/b");
    timers[0]?.();
    expect(started).toEqual(["/a", "/b"]);
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
