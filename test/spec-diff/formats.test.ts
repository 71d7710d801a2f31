/** The four diff formats render the same result; each is checked for what its reader needs. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { batched } from '../../src/core/text/batched.js';
import { diffSpecs, type SpecDiffResult } from '../../src/spec-diff/diff-specs.js';
import { DIFF_FORMATS } from '../../src/spec-diff/formats/index.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');
let result: SpecDiffResult;

beforeAll(async () => {
  result = await diffSpecs('request-property-became-required.base.yaml', 'request-property-became-required.head.yaml', {
    cwd: fixtures,
  });
});

describe('spec diff formats', () => {
  it('locates the change where it is written (the allOf branch of NewPlant)', () => {
    const [change] = result.changes;
    expect(change).toMatchObject({
      id: 'request-property-became-required',
      level: 'breaking',
      operation: 'POST /plants',
      pointer: '/paths/~1plants/post/requestBody/content/application~1json/schema/allOf/1/properties/kind',
      location: {
        file: 'request-property-became-required.head.yaml',
        pointer: '/components/schemas/NewPlant/allOf/1/properties/kind',
        line: 118,
        column: 15,
      },
    });
  });

  it.each([
    [
      'text',
      [
        /^breaking {2}request-property-became-required {2}POST \/plants {2}request-property-became-required\.head\.yaml:118:15$/m,
        /at \/paths\/~1plants\/post\/requestBody/,
        /: 2 breaking, 0 warnings, 0 info$/m,
      ],
    ],
    [
      'markdown',
      [
        /^### plantkit spec diff: 2 breaking changes$/m,
        /^\| \*\*breaking\*\* \| `request-property-became-required` \| POST \/plants \|/m,
      ],
    ],
    [
      'github',
      [
        /^::error file=request-property-became-required\.head\.yaml,line=118,col=15,title=request-property-became-required \(breaking\)::POST \/plants: request body \(application\/json\) property 'kind' became required$/m,
      ],
    ],
  ] as const)('%s', (format, patterns) => {
    const output = DIFF_FORMATS[format].render(result);
    for (const pattern of patterns) expect(output).toMatch(pattern);
  });

  it('annotates a removal at the nearest node that still exists in the head file', async () => {
    const removed = await diffSpecs('api-operation-removed.base.yaml', 'api-operation-removed.head.yaml', {
      cwd: fixtures,
    });
    expect(removed.changes).toHaveLength(1);
    expect(removed.changes[0]).toMatchObject({
      side: 'base',
      location: { file: 'api-operation-removed.base.yaml', pointer: '/paths/~1plants~1{plantId}/delete' },
    });
    expect(DIFF_FORMATS.github.render(removed)).toMatch(
      /^::error file=api-operation-removed\.head\.yaml,line=34,col=5,title=api-operation-removed \(breaking\)::DELETE \/plants\/\{plantId\}: operation DELETE \/plants\/\{plantId\} was removed \(it was not deprecated first\)$/m,
    );
  });

  it('json round-trips the result', () => {
    const parsed = JSON.parse(DIFF_FORMATS.json.render(result)) as SpecDiffResult;
    expect(parsed.counts).toEqual({ breaking: 2, warning: 0, info: 0 });
    expect(parsed.changes.map((change) => change.id)).toEqual([
      'request-property-became-required',
      'request-property-became-required',
    ]);
  });

  // The CLI writes json in pieces (a big report is never one string): the bytes must be JSON.stringify's.
  it.each([
    ['a real result', () => result],
    ['nothing found', () => ({ ...result, changes: [], ignored: [], unusedIgnores: [] })],
    [
      'members JSON leaves out or writes as null, text that looks like JSON',
      () => ({
        ...result,
        head: undefined as unknown as string,
        changes: [{ ...result.changes[0], message: 'a\n  "b": [1,\n2]', location: undefined }, undefined],
        ignored: [{ nested: [[], {}, [{ deep: [1, 'x'] }]] }],
      }),
    ],
  ] as Array<[string, () => SpecDiffResult]>)(
    'json in pieces is byte for byte the whole document: %s',
    (_name, given) => {
      const document = given();
      const { base, head, counts, changes, ignored, unusedIgnores } = document;
      const want = `${JSON.stringify({ base, head, counts, changes, ignored, unusedIgnores }, null, 2)}\n`;
      expect(DIFF_FORMATS.json.render(document)).toBe(want);
      expect([...batched(DIFF_FORMATS.json.chunks?.(document) ?? [], 64)].join('')).toBe(want);
    },
  );
});
