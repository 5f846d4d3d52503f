/**
 * `pnpm dev`'s eye on content/: calls back once the folder has been quiet for a moment after any
 * save, however the editor saves (in place, emptying the file and then filling it, or by writing
 * a temporary file and renaming it over the old one), and not for the files editors keep beside. Node 20's recursive fs.watch loses a file once a rename has replaced it, so edits
 * after the first went unseen; chokidar watches the new file. The callback runs after the last
 * write of a burst, so a compile it starts reads what was saved last.
 */
import { watch } from "chokidar";
import { isEditorScratch } from "./loaders/reader";

export interface ContentWatcher {
  /** Resolves once the folder is being watched. */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface WatchOptions {
  /** How long the folder must be quiet after a save before the callback runs. */
  quietMs?: number;
  /** Calls `fire` once `ms` have passed unless the function it returns cancels it first (default: setTimeout; tests fire it themselves). */
  setTimer?: (fire: () => void, ms: number) => () => void;
}

const realTimer = (fire: () => void, ms: number) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/**
 * Collects the files a burst of saves touched and hands them over once no save has come for
 * `quietMs`: each save starts the quiet period again. Kept apart from chokidar so the timing rule
 * is tested on the events alone, whatever the file system reports and when.
 */
export function quietPeriod(onChange: (files: string[]) => void, { quietMs = 150, setTimer = realTimer }: WatchOptions = {}) {
  const changed = new Set<string>();
  let cancel = () => {};
  return {
    saw(file: string) {
      changed.add(file);
      cancel();
      cancel = setTimer(() => {
        const files = [...changed];
        changed.clear();
        onChange(files);
      }, quietMs);
    },
    cancel: () => cancel(),
  };
}

export function watchContent(dir: string, onChange: (files: string[]) => void, options: WatchOptions = {}): ContentWatcher {
  // An editor's own files are no save (vim rewrites its swap file every few seconds of typing).
  const watcher = watch(dir, { ignoreInitial: true, atomic: true, ignored: (file) => file !== dir && isEditorScratch(file) });
  const quiet = quietPeriod(onChange, options);
  watcher.on("all", (_event, file) => quiet.saw(file));
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    close: async () => {
      quiet.cancel();
      await watcher.close();
    },
  };
}
