/**
 * The CLI is a thin layer over the public API: every value a command takes
 * from the library (outside src/cli) is exported by src/index.ts. Commands
 * import those functions from their own modules so that each command loads
 * only what it runs; this test keeps that a matter of loading, not of API.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import * as api from '../../src/index.js';

const cli = path.join(import.meta.dirname, '../../src/cli');

test('every library value the CLI uses is part of the public API', async () => {
  const used: string[] = [];
  for (const file of await readdir(cli, { recursive: true })) {
    if (!file.endsWith('.ts')) continue;
    const source = await readFile(path.join(cli, file), 'utf8');
    // Imports that leave src/cli: `from '../x.js'` (src/cli/*.ts) or `from '../../x.js'` (src/cli/commands/*.ts),
    // static (type-only ones excluded) or dynamic (`const { a } = await import(...)`).
    const outside = file.includes('/') ? String.raw`\.\./\.\./` : String.raw`\.\./`;
    for (const match of source.matchAll(new RegExp(String.raw`import \{([^}]+)\} from '${outside}[^.][^']+'`, 'g')))
      used.push(...names(match[1]!));
    for (const match of source.matchAll(
      new RegExp(String.raw`const \{([^}]+)\} = await import\('${outside}[^.][^']+'\)`, 'g'),
    ))
      used.push(...names(match[1]!));
  }
  expect(used.length).toBeGreaterThan(5);
  expect(used.filter((name) => !(name in api))).toEqual([]);
});

function names(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '));
}
