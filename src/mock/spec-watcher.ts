/**
 * Hot reload: the spec's folder is watched (editors replace files, which
 * breaks a watch on the file itself); a change to any YAML or JSON file in it
 * reloads after a short quiet period. A failed reload keeps the last good spec.
 */
import { type FSWatcher, watch } from 'node:fs';
import path from 'node:path';

/** Quiet period before reloading, so one save (often several writes) reloads once. */
const DEBOUNCE_MS = 120;

/** Call `reload` after changes to spec files in the folder of `specPath`; returns a stop function. */
export function watchSpec(specPath: string, reload: () => Promise<void>): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const watcher: FSWatcher = watch(path.dirname(specPath), (_event, filename) => {
    if (filename && !/\.(ya?ml|json)$/i.test(filename.toString())) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(reload, reload);
    }, DEBOUNCE_MS);
  });
  watcher.on('error', () => watcher.close());
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
