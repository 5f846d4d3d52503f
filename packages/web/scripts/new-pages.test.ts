import { describe, expect, it } from "vitest";
import { addedUrls, warmPages } from "./new-pages";

describe("the pages a save adds", () => {
  it("are the new paths, and the lists of new blog categories", () => {
    const before = { paths: ["/", "/blog/a"], categories: ["Couples Therapy"] };
    const now = { paths: ["/", "/blog/a", "/blog/b", "/services/kirkland"], categories: ["Couples Therapy", "Family Therapy"] };
    expect(addedUrls(before, now)).toEqual(["/blog/b", "/services/kirkland", "/blog?category=Family%20Therapy"]);
    expect(addedUrls(now, before)).toEqual([]); // a page taken away is nothing to ask for
  });

  it("are asked for until the dev server serves each, however long its first answers are 404", async () => {
    const answers: Record<string, number[]> = { "/blog/b": [404, 404, 200], "/services/kirkland": [200] };
    const asked: string[] = [];
    let clock = 0;
    const late = await warmPages("http://127.0.0.1:4", Object.keys(answers), {
      fetch: async (url) => {
        asked.push(url);
        const path = url.replace("http://127.0.0.1:4", "");
        return { status: answers[path]!.shift() ?? 200 };
      },
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
    });
    expect(late).toEqual([]);
    expect(asked).toEqual(["http://127.0.0.1:4/blog/b", "http://127.0.0.1:4/services/kirkland", "http://127.0.0.1:4/blog/b", "http://127.0.0.1:4/blog/b"]);
  });

  it("are named as late once each was asked for its patience's worth of times, a server that is not up included", async () => {
    const asked: string[] = [];
    const late = await warmPages("http://127.0.0.1:4", ["/blog/b", "/blog/c", "/blog/d"], {
      fetch: async (url) => {
        asked.push(url.replace("http://127.0.0.1:4", ""));
        if (url.endsWith("/b")) return { status: 404 };
        if (url.endsWith("/c")) throw new Error("ECONNREFUSED");
        return { status: asked.filter((path) => path === "/blog/d").length === 3 ? 200 : 404 }; // served at the third ask: within patience
      },
      sleep: async () => {},
      patience: 3,
    });
    expect(late).toEqual(["/blog/b", "/blog/c"]);
    expect(asked).toEqual(["/blog/b", "/blog/c", "/blog/d", "/blog/b", "/blog/c", "/blog/d", "/blog/b", "/blog/c", "/blog/d"]);
  });

  it("waits between rounds as long as the slowest answer of the round took, and half a second at least", async () => {
    // How long the dev server takes to answer each ask, in order: a busy machine, then a quiet one.
    const answerMs = [4_000, 1_000, 300, 100, 200, 200];
    const pauses: number[] = [];
    let clock = 0;
    let asks = 0;
    await warmPages("http://127.0.0.1:4", ["/blog/b", "/blog/c"], {
      fetch: async () => {
        clock += answerMs[asks++]!;
        return { status: asks > 4 ? 200 : 404 };
      },
      sleep: async (ms) => void pauses.push(ms),
      now: () => clock,
    });
    expect(pauses).toEqual([4_000, 500]);
    expect(asks).toBe(6);
  });
});
