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

/**
 * The check run each time the file may have changed: calls `onNewBuild` with the id when the file
 * names another build than the last it named (a build rewriting the same id, or a file missing
 * mid-build, is no new build).
 */
export function newBuildCheck(file: string, onNewBuild: (id: string) => void): () => void {
  let current = read(file);
  return () => {
    const id = read(file);
    if (id && id !== current) {
      current = id;
      onNewBuild(id);
    }
  };
}

/** Calls `onNewBuild` with the new id each time the file names another build; returns the stop. */
export function watchBuildId(file: string, onNewBuild: (id: string) => void, { intervalMs = 1000 } = {}): () => void {
  const listener = newBuildCheck(file, onNewBuild);
  watchFile(file, { interval: intervalMs, persistent: false }, listener);
  return () => unwatchFile(file, listener);
}
