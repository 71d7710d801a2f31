/** Temporary folders for tests, removed when the test that made them ends (npm test leaves no plantkit-* behind). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh `plantkit-<name>-*` folder in the system's temporary directory, removed when the current test finishes. */
export async function temporaryDirectory(name: string): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), `plantkit-${name}-`));
  onTestFinished(() => rm(directory, { recursive: true, force: true }));
  return directory;
}
