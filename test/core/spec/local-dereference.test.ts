/**
 * The local dereferencer against swagger-parser itself: on small documents
 * built for each rule of json-schema-ref-parser's algorithm, and on every
 * spec of the seeded real-world sample, both must give the same object
 * graph (same keys in the same order, same values, and the same objects
 * shared in the same places). Documents it must decline are declined.
 */
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { sampleCorpus } from '../../../scripts/corpus.mjs';
import { cloneJson } from '../../../src/core/json/exact-json.js';
import { valueAt } from '../../../src/core/json/json-pointer.js';
import { type CircularRef, dereferenceLocally } from '../../../src/core/spec/local-dereference.js';
import { refResolverOptions } from '../../../src/core/spec/ref-policy.js';
import { readSpecSource } from '../../../src/core/spec/spec-source.js';
import { loadSwaggerParser } from '../../../src/core/spec/swagger-parser.js';
import { convertSwagger2, isSwagger2 } from '../../../src/core/spec/swagger2.js';

type Json = Record<string, unknown>;

const SwaggerParser = loadSwaggerParser();

/** swagger-parser's result, with load-spec.ts's options, for a copy of `document` read from `file`. */
async function bySwaggerParser(document: Json, file = path.join(process.cwd(), 'inline.yaml')): Promise<Json> {
  const parser = new SwaggerParser();
  await parser.dereference(
    file,
    cloneJson(document) as never,
    {
      resolve: refResolverOptions(path.dirname(file), false, undefined, []),
      dereference: { circular: 'ignore' },
    } as never,
  );
  return parser.api as unknown as Json;
}

/** Where two object graphs first differ (keys, values, or which objects are shared), or undefined. */
function graphDifference(left: unknown, right: unknown): string | undefined {
  const pairs = new Map<object, object>();
  const back = new Map<object, object>();
  const pending: [unknown, unknown, string][] = [[left, right, '']];
  while (pending.length > 0) {
    const [a, b, at] = pending.pop()!;
    if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
      if (!Object.is(a, b)) return `${at || '/'}: ${String(a)} vs ${String(b)}`;
      continue;
    }
    if (pairs.has(a) || back.has(b)) {
      if (pairs.get(a) !== b || back.get(b) !== a) return `${at}: shared differently`;
      continue;
    }
    pairs.set(a, b);
    back.set(b, a);
    const keys = Object.keys(a);
    if (Array.isArray(a) !== Array.isArray(b) || keys.join('\0') !== Object.keys(b).join('\0'))
      return `${at || '/'}: keys ${keys.join(',')} vs ${Object.keys(b).join(',')}`;
    for (const key of keys) pending.push([(a as Json)[key], (b as Json)[key], `${at}/${key}`]);
  }
  return undefined;
}

/**
 * Whether every `$ref` object left in the document is listed, with the object its pointer reaches there
 * (what linkCircularRefs would link it to). The list may also hold `$ref`s replaced later in the walk.
 */
function linkDifference(document: Json, circularRefs: CircularRef[]): string | undefined {
  const listed = new Map<object, object>(circularRefs.map(({ ref, target }) => [ref, target]));
  const seen = new Set<object>();
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const pointer = (node as Json).$ref;
    if (typeof pointer === 'string') {
      if (!listed.has(node)) return `${pointer}: left but not listed`;
      if (listed.get(node) !== valueAt(document, pointer)) return `${pointer}: listed with another target`;
    }
    pending.push(...Object.values(node));
  }
  return undefined;
}

const ref = ($ref: string) => ({ $ref });
const spec = (components: Json, paths: Json = {}, openapi = '3.0.3'): Json => ({
  openapi,
  info: { title: 't', version: '1' },
  paths,
  components: { schemas: components },
});
/** An inline document (loadSpec({ document })) may hold a plain cycle; structuredClone keeps it. */
function selfContaining(): Json {
  const node: Json = { type: 'object', properties: {} };
  (node.properties as Json).again = node;
  return spec({ Node: node, List: { items: ref('#/components/schemas/Node') } });
}
const body = (schema: Json) => ({ post: { requestBody: { content: { 'application/json': { schema } } } } });

describe('dereferenceLocally gives swagger-parser’s graph', () => {
  test.each<[string, Json]>([
    [
      'a shared target',
      spec(
        { A: { type: 'string' } },
        { '/a': body(ref('#/components/schemas/A')), '/b': body(ref('#/components/schemas/A')) },
      ),
    ],
    [
      'a self-referring schema',
      spec(
        { Node: { properties: { next: ref('#/components/schemas/Node') } } },
        { '/n': body(ref('#/components/schemas/Node')) },
      ),
    ],
    [
      'a cycle through two schemas, reached from a path first',
      spec(
        {
          A: { properties: { b: ref('#/components/schemas/B') } },
          B: { properties: { a: ref('#/components/schemas/A') }, required: ['a'] },
        },
        {
          '/a': body(ref('#/components/schemas/A')),
          '/b': body({ allOf: [ref('#/components/schemas/B'), { type: 'object' }] }),
        },
      ),
    ],
    [
      'a target below a schema that another schema reaches',
      spec({
        A: { properties: { b: { type: 'integer' }, c: ref('#/components/schemas/A/properties/b') } },
        C: { items: ref('#/components/schemas/A/properties/c') },
      }),
    ],
    [
      'escaped pointer tokens',
      spec({ 'a/b~c': { type: 'string' }, D: { items: ref('#/components/schemas/a~1b~0c') } }),
    ],
    [
      'a 3.1 document without $id',
      spec({ N: { type: ['string', 'null'] }, L: { items: ref('#/components/schemas/N') } }, {}, '3.1.0'),
    ],
    [
      'a pointer into paths',
      {
        openapi: '3.0.3',
        info: { title: 't', version: '1' },
        paths: {
          '/a': {
            get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }] },
            post: { parameters: [ref('#/paths/~1a/get/parameters/0')] },
          },
        },
      },
    ],
    [
      'a pointer through a $ref already replaced by its target',
      spec({
        A: ref('#/components/schemas/B'),
        B: { properties: { c: { type: 'string' } } },
        C: ref('#/components/schemas/A/properties/c'),
      }),
    ],
    [
      'a $ref to a $ref already replaced by its target',
      spec({ A: ref('#/components/schemas/B'), B: { type: 'string' }, C: { items: ref('#/components/schemas/A') } }),
    ],
  ])('%s', async (_name, document) => {
    const local = structuredClone(document);
    const circularRefs = dereferenceLocally(local);
    expect(circularRefs).toBeDefined();
    expect(graphDifference(local, await bySwaggerParser(document))).toBeUndefined();
    expect(linkDifference(local, circularRefs!)).toBeUndefined();
  });
});

describe('dereferenceLocally declines what needs swagger-parser', () => {
  test.each<[string, Json]>([
    ['an external file', spec({ A: ref('other.yaml#/A') })],
    ['a $ref with a sibling', spec({ A: { type: 'string' }, B: { $ref: '#/components/schemas/A', description: 'd' } })],
    ['a percent-encoded pointer', spec({ 'a b': { type: 'string' }, B: ref('#/components/schemas/a%20b') })],
    [
      'a schema with $id',
      spec({ A: { $id: 'https://example.test/a', type: 'string' }, B: ref('#/components/schemas/A') }, {}, '3.1.0'),
    ],
    [
      'a pointer through a $ref not yet replaced when met',
      spec({
        C: ref('#/components/schemas/A/properties/c'),
        A: ref('#/components/schemas/B'),
        B: { properties: { c: { type: 'string' } } },
      }),
    ],
    [
      'a $ref to a $ref not yet replaced when met',
      spec({ C: { items: ref('#/components/schemas/A') }, A: ref('#/components/schemas/B'), B: { type: 'string' } }),
    ],
    ['a pointer to nothing', spec({ A: ref('#/components/schemas/Missing') })],
    ['a version swagger-parser refuses', spec({ A: { type: 'string' } }, {}, '3.1.9')],
    ['an object that contains itself (an inline document)', selfContaining()],
    ['a document nested past 500 levels', spec({ Deep: JSON.parse(`${'{"items":'.repeat(520)}{}${'}'.repeat(520)}`) })],
  ])('%s', (_name, document) => {
    expect(dereferenceLocally(structuredClone(document))).toBeUndefined();
  });
});

describe('on the seeded real-world sample', () => {
  test('every spec it takes comes out as swagger-parser makes it', { timeout: 600_000 }, async () => {
    const sample = sampleCorpus({ seed: 20261125, count: 100 });
    const taken: string[] = [];
    const differences: string[] = [];
    for (const entry of sample) {
      const source = await readSpecSource(entry.file);
      const document = isSwagger2(source.document) ? await convertSwagger2(source.document, entry.id) : source.document;
      const local = cloneJson(document);
      const circularRefs = dereferenceLocally(local);
      if (!circularRefs) continue;
      taken.push(entry.id);
      const difference =
        graphDifference(local, await bySwaggerParser(document, entry.file)) ?? linkDifference(local, circularRefs);
      if (difference) differences.push(`${entry.id}: ${difference}`);
    }
    expect(differences).toEqual([]);
    // The sample's GitHub, Stripe and Slack descriptions take the local path, and most of the sample with them.
    expect(taken).toEqual(
      expect.arrayContaining(['github.com/api.github.com.json', 'stripe.com.json', 'slack.com.json']),
    );
    expect(taken.length).toBeGreaterThanOrEqual(70);
  });
});
