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

  it("are named when they still do not answer once the time allowed is over, a server that is not up included", async () => {
    let clock = 0;
    const late = await warmPages("http://127.0.0.1:4", ["/blog/b", "/blog/c"], {
      fetch: async (url) => (url.endsWith("/b") ? { status: 404 } : Promise.reject(new Error("ECONNREFUSED"))),
      sleep: async (ms) => void (clock += ms),
      now: () => clock,
      timeoutMs: 5_000,
    });
    expect(late).toEqual(["/blog/b", "/blog/c"]);
    expect(clock).toBe(5_000);
  });
});
