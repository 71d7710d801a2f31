/** Where things are in the repository's openapi.yaml, so tests do not hard-code line numbers of an editable file. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const lines = readFileSync(path.join(import.meta.dirname, '../../openapi.yaml'), 'utf8').split('\n');

/** `[line, column]` (1-based) of the first line starting with `prefix`; `column` is passed through. */
export function lineOf(prefix: string, column: number): [number, number] {
  const index = lines.findIndex((line) => line.startsWith(prefix));
  if (index < 0) throw new Error(`openapi.yaml has no line starting with ${JSON.stringify(prefix)}`);
  return [index + 1, column];
}
