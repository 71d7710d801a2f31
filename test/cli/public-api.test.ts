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

const commands = path.join(import.meta.dirname, '../../src/cli/commands');

test('every library value a CLI command uses is part of the public API', async () => {
  const used: string[] = [];
  for (const file of await readdir(commands)) {
    const source = await readFile(path.join(commands, file), 'utf8');
    // Static `import { a, b } from '../../x.js'` (type-only imports excluded) and dynamic `const { a } = await import('../../x.js')`.
    for (const match of source.matchAll(/import \{([^}]+)\} from '\.\.\/\.\.\/[^']+'/g)) used.push(...names(match[1]!));
    for (const match of source.matchAll(/const \{([^}]+)\} = await import\('\.\.\/\.\.\/[^']+'\)/g)) used.push(...names(match[1]!));
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
