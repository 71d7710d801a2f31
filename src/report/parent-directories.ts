/**
 * `mkdir -p` for a file's parent directories, one level at a time. Node 20's own `mkdir(dir, { recursive: true })`
 * never returns on a path under /proc (the kernel answers ENOENT for every level and Node retries the parent
 * forever), so `--output /proc/nowhere/report.json` hung the run instead of refusing it. Creating each missing
 * level with a plain mkdir ends on the first error, with that error.
 */
import type { Stats } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Create the missing directories above `file`; throws the first error a level gives (ENOENT, EACCES, ENOTDIR, EEXIST). */
export async function makeParentDirectories(file: string): Promise<void> {
  const levels: string[] = [];
  let directory = path.dirname(path.resolve(file));
  let found = await existing(directory);
  while (found === undefined) {
    levels.unshift(directory);
    const parent = path.dirname(directory);
    if (parent === directory) break;
    directory = parent;
    found = await existing(directory);
  }
  // A file where a directory must be: its mkdir fails with EEXIST, as `mkdir -p` reports it.
  if (found && !found.isDirectory()) levels.unshift(directory);
  for (const level of levels) {
    try {
      await mkdir(level);
    } catch (error) {
      // Another process (a parallel shard writing its report) may have made the directory meanwhile.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !(await existing(level))?.isDirectory()) throw error;
    }
  }
}

/** What is at `where`, or undefined when nothing is (ENOENT); any other error (ENOTDIR, EACCES) is thrown. */
async function existing(where: string): Promise<Stats | undefined> {
  try {
    return await stat(where);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
