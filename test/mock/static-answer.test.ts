/**
 * plantkit's own static answers (src/mock/static-answer.ts) against the real
 * Prism (src/mock/prism-engine.ts, unbundled), answer by answer: for every
 * operation x documented status x media type of the bundled spec, the fixture
 * specs and a seeded sample of the real-world corpus, an answer plantkit gives
 * without Prism must be Prism's own (status and body, long integers exact);
 * everywhere else plantkit declines and Prism answers.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { corpusRoot, sampleCorpus } from '../../scripts/corpus.mjs';
import { canonicalJson } from '../../src/core/json/exact-json.js';
import { loadSpec } from '../../src/core/spec/load-spec.js';
import type { LoadedSpec } from '../../src/core/spec/types.js';
import { createPrismEngine, type EngineResult } from '../../src/mock/prism-engine.js';
import { staticAnswer } from '../../src/mock/static-answer.js';

/** Answers compared, and those plantkit left to Prism, over every spec of this file. */
const tally = { answered: 0, declined: 0, specs: 0 };

/** The status plantkit asks Prism for under a response key (a range or `default` as one code of it). */
function statusOf(key: string): number {
  if (/^\d{3}$/.test(key)) return Number(key);
  if (/^[1-5]xx$/i.test(key)) return Number(key[0]) * 100;
  return 500;
}

/** Every static answer of `spec` plantkit gives, beside Prism's, as canonical JSON; counts the declined ones. */
async function compareAll(spec: LoadedSpec): Promise<Array<{ where: string; own: string; prism: string }>> {
  const raw = spec.rawDocument;
  if (!raw) return [];
  const prism = await createPrismEngine(spec.document, raw);
  const compared: Array<{ where: string; own: string; prism: string }> = [];
  tally.specs += 1;
  for (const operation of spec.operations)
    for (const response of operation.responses)
      for (const media of response.content) {
        const status = statusOf(response.status);
        const own = staticAnswer(raw, {
          template: operation.path,
          method: operation.method,
          status,
          accept: media.mediaType,
        });
        if (!own) {
          tally.declined += 1;
          continue;
        }
        tally.answered += 1;
        const request = {
          operationId: operation.id,
          method: operation.method,
          template: operation.path,
          query: {},
          headers: {},
          accept: media.mediaType,
          body: undefined,
        };
        const theirs = await prism.respond(request, { dynamic: false, code: status });
        compared.push({
          where: `${spec.source} ${operation.method} ${operation.path} ${response.status} ${media.mediaType}`,
          own: shown({ ok: true, status, body: own.body }),
          prism: shown(theirs),
        });
      }
  return compared;
}

/** An answer as text: ok, status and the body with its long integers as written (exact-json.ts). */
function shown(result: EngineResult): string {
  return result.ok ? `${result.status} ${canonicalJson({ body: result.body }, 'body')}` : `failed ${result.status}`;
}

async function load(file: string): Promise<LoadedSpec | undefined> {
  try {
    return await loadSpec(file, { isolateUnresolvedRefs: true, isolateInvalidParts: true });
  } catch {
    // Fixtures of unreadable specs (test/fixtures/specs/invalid-*.yaml): no mock serves them.
    return undefined;
  }
}

function specFiles(folder: string): string[] {
  return readdirSync(folder)
    .map((name) => path.join(folder, name))
    .flatMap((file) => (statSync(file).isDirectory() ? specFiles(file) : /\.(ya?ml|json)$/.test(file) ? [file] : []));
}

const FIXTURES = [
  'openapi.yaml',
  ...['mock', 'rich', 'specs', 'stateful'].flatMap((folder) => specFiles(path.join('test/fixtures', folder))),
];

test('the bundled spec: each example answer is plantkit own and Prism agrees', async () => {
  const spec = await load('openapi.yaml');
  const compared = await compareAll(spec as LoadedSpec);
  expect(compared.map(({ where }) => where.replace(/^\S+ /, ''))).toEqual([
    'POST /plants 200 application/json',
    'POST /plants 400 application/json',
  ]);
  for (const { where, own, prism } of compared) expect(own, where).toBe(prism);
});

test.each(FIXTURES)(
  '%s: plantkit own static answers are Prism answers',
  async (file) => {
    const spec = await load(file);
    if (!spec) return;
    for (const { where, own, prism } of await compareAll(spec)) expect(own, where).toBe(prism);
  },
  60_000,
);

const corpus = existsSync(path.join(corpusRoot(), 'manifest.json'));

describe.skipIf(!corpus)('a seeded sample of the real-world corpus', () => {
  const sample = corpus ? sampleCorpus({ seed: 22, count: 30 }).filter((spec) => !spec.id.startsWith('stripe')) : [];
  test.each(sample.map((spec) => [spec.id, spec.file]))(
    '%s',
    async (_id, file) => {
      const spec = await load(file);
      if (!spec) return;
      for (const { where, own, prism } of await compareAll(spec)) expect(own, where).toBe(prism);
    },
    120_000,
  );
});

afterAll(() => {
  if (process.env.PLANTKIT_STATIC_TALLY) console.info(`static answers: ${JSON.stringify(tally)}`);
});
