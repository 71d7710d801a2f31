/** Swagger 2.0 files are diffed in their OpenAPI 3.0 form and located in the 2.0 file (issue 10 item 10). */
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

test('a formData maxLength lowered in a Swagger 2.0 file is a breaking change at its line', async () => {
  const directory = await temporaryDirectory('swagger2-diff');
  const base = path.join(directory, 'base.yaml');
  const head = path.join(directory, 'head.yaml');
  await copyFile('test/fixtures/rich/petstore-swagger2.yaml', base);
  const text = await readFile(base, 'utf8');
  await writeFile(head, text.replace('maxLength: 20', 'maxLength: 10'));
  // The formData parameter that became the body property: where the 2.0 file writes it.
  const line = text.split('\n').findIndex((candidate) => candidate.includes('name: text')) + 1;
  const result = await diffSpecs(base, head);
  expect(result.changes.map((change) => [change.id, change.level, change.operation, change.location.line])).toEqual([
    ['request-max-length-narrowed', 'breaking', 'POST /pots/{potId}/label', line],
  ]);
});
