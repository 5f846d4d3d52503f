import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOKUP_DEFAULTS } from "./config";
import { RedirectLookup } from "./lookup";
import { RedirectsTable } from "./table";
import { startTestStore, type TestStore } from "./testing/store";
import { manualTimers } from "./testing/timers";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore("redirects-hung");
  await store.table.put({ from: "/old-fees", to: "/ratesAndInsurance" });
});
afterAll(() => store.stop());

describe("a table that stops answering", () => {
  it("fails a read once requestTimeout has passed, instead of waiting as long as the table does", async () => {
    const table = RedirectsTable.at({ tableName: store.table.name, endpoint: store.endpoint }, { requestTimeoutMs: 300, maxAttempts: 1 });
    store.delayMs = 10_000;
    // Waiting as long as the table would have ended in the row, not a TimeoutError.
    const failure = await table.get("/old-fees").catch((error: Error) => error);
    store.delayMs = 0;
    expect(failure).toMatchObject({ name: "TimeoutError" });
  });

  it("does not hold up a key after the table recovers: the hung read ends, and the next lookup reads afresh", async () => {
    const table = RedirectsTable.at({ tableName: store.table.name, endpoint: store.endpoint }, { requestTimeoutMs: 300, maxAttempts: 1 });
    const hung: Promise<unknown>[] = [];
    const read = (key: string, signal: AbortSignal) => {
      const reading = table.get(key, signal);
      hung.push(reading.catch(() => undefined));
      return reading;
    };
    // The lookup's budget is the test's timer, expired by hand: no machine is too slow for the answer after.
    const timers = manualTimers();
    const lookup = new RedirectLookup({ ...LOOKUP_DEFAULTS, read, budgetMs: 100, coldBudgetMs: 100, setTimer: timers.setTimer, log: () => {} });
    store.delayMs = 10_000;
    const hanging = lookup.find("/old-fees");
    timers.expireAll();
    expect(await hanging).toBeUndefined(); // over budget: the page is served
    store.delayMs = 0;
    await hung[0]; // the hung read ends at requestTimeout, not when the table would have answered
    await new Promise((resolve) => setImmediate(resolve)); // and the cache has heard of it
    expect(await lookup.find("/old-fees")).toMatchObject({ target: { path: "/ratesAndInsurance" } });
  });
});
