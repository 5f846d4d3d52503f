/**
 * A redirects table for the robustness runs: the redirects package's own test store (dynalite in
 * memory, on a loopback port, counting the operations it gets, able to go down or hang on demand).
 */
// Not in the package's exports: the same store its own tests use.
import { startTestStore, type TestStore } from "@practice/redirects/testing/store";

export { startTestStore };

/** Runs `run` with a fresh store holding /legacy/0 … /legacy/49 → /contact, and stops the store after. */
export async function withStore<T>(run: (store: TestStore) => Promise<T>): Promise<T> {
  const store = await startTestStore("bench-robustness");
  await store.table.putMany(Array.from({ length: 50 }, (_, i) => ({ from: `/legacy/${i}`, to: "/contact" })));
  try {
    return await run(store);
  } finally {
    await store.stop().catch(() => {});
  }
}

/** The site's environment to use `store` as its redirects table. */
export const tableEnv = (store: TestStore): Record<string, string> => ({ REDIRECTS_TABLE: store.table.name, DYNAMODB_ENDPOINT: store.endpoint });
