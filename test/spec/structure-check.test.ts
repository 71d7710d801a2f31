/**
 * The structure check on a worker thread (large specs) gives what the
 * in-thread check gives, and loadSpec reports a large spec's problems as it
 * reports a small one's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type * as LoadSpecModule from '../../src/spec/load-spec.js';
import type * as StructureCheckModule from '../../src/spec/structure-check.js';

// The built modules (npm test builds dist/ first): a worker thread runs JavaScript, so the worker is dist's.
const dist = path.join(import.meta.dirname, '../../dist/spec');
const { loadSpec } = (await import(path.join(dist, 'load-spec.js'))) as typeof LoadSpecModule;
const { checkOnWorker, structuralProblems, WORKER_THRESHOLD } = (await import(
  path.join(dist, 'structure-check.js')
)) as typeof StructureCheckModule;

const folder = mkdtempSync(path.join(tmpdir(), 'plantkit-structure-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A 3.0 document over the worker threshold, with two places that break the OpenAPI schema. */
function largeInvalidSpec(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (let index = 0; index < 2_000; index += 1)
    paths[`/plants/${index}`] = {
      get: {
        description: 'x'.repeat(500),
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Plant' } } },
          },
        },
      },
    };
  paths['/broken'] = {
    get: {
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'strin' } } } } },
    },
  };
  return {
    openapi: '3.0.3',
    info: { title: 'large', version: '1' },
    paths,
    components: {
      schemas: { Plant: { type: 'object', properties: { name: { type: 'string' } }, examples: 'not a list' } },
    },
  };
}

describe('the structure check of a large spec', () => {
  const document = largeInvalidSpec();
  const text = JSON.stringify(document);
  const file = path.join(folder, 'large.json');
  writeFileSync(file, text);

  test('runs on a worker and finds what the thread finds', async () => {
    expect(text.length).toBeGreaterThan(WORKER_THRESHOLD);
    const inThread = structuralProblems(document, '3.0');
    expect(inThread.map((problem) => problem.pointer)).toEqual(
      expect.arrayContaining(['/paths/~1broken/get/responses/200/content/application~1json/schema/type']),
    );
    const onWorker = checkOnWorker({ text, version: '3.0' });
    expect(onWorker).toBeDefined();
    expect(await onWorker).toEqual(inThread);
  });

  test('loadSpec refuses it with the message an inline copy gets', async () => {
    const message = (error: Error) => error.message;
    const fromFile = String(await loadSpec(file).catch(message));
    const inline = String(await loadSpec({ document, source: file }).catch(message));
    expect(fromFile).toMatch(/invalid OpenAPI document at/);
    expect(fromFile.replace(/^[^:]*(:\d+:\d+)?:/, '')).toBe(inline.replace(/^[^:]*:/, ''));
  });

  test('loadSpec isolates its invalid parts as for an inline copy', async () => {
    const options = { isolateInvalidParts: true };
    const fromFile = await loadSpec(file, options);
    const inline = await loadSpec({ document, source: file }, options);
    expect(fromFile.unservable?.length).toBeGreaterThan(0);
    expect(fromFile.unservable).toEqual(inline.unservable);
    expect(fromFile.invalidParts).toEqual(inline.invalidParts);
  });
});
