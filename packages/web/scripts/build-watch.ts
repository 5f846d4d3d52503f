/**
 * Tells `pnpm start` when `pnpm build` has made a new build under it: the build's BUILD_ID file
 * names another build. (A server keeps what it loaded, the 404 page among it, until it restarts.)
 */
import { readFileSync, unwatchFile, watchFile } from "node:fs";

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined; // mid-build: .next is being rewritten
  }
};

/** Calls `onNewBuild` with the new id each time the file names another build; returns the stop. */
export function watchBuildId(file: string, onNewBuild: (id: string) => void, { intervalMs = 1000 } = {}): () => void {
  let current = read(file);
  const listener = () => {
    const id = read(file);
    if (id && id !== current) {
      current = id;
      onNewBuild(id);
    }
  };
  watchFile(file, { interval: intervalMs, persistent: false }, listener);
  return () => unwatchFile(file, listener);
}
