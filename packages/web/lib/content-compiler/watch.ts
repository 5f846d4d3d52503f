/**
 * `pnpm dev`'s eye on content/: calls back once the folder has been quiet for a moment after any
 * save, however the editor saves (in place, or by writing a temporary file and renaming it over
 * the old one). Node 20's recursive fs.watch loses a file once a rename has replaced it, so edits
 * after the first went unseen; chokidar watches the new file. The callback runs after the last
 * write of a burst, so a compile it starts reads what was saved last.
 */
import { watch } from "chokidar";

export interface ContentWatcher {
  /** Resolves once the folder is being watched. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchContent(dir: string, onChange: (files: string[]) => void, { quietMs = 150 } = {}): ContentWatcher {
  const watcher = watch(dir, { ignoreInitial: true, atomic: true });
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  watcher.on("all", (_event, file) => {
    changed.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const files = [...changed];
      changed.clear();
      onChange(files);
    }, quietMs);
  });
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
