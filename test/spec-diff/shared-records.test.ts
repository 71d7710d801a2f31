/**
 * Shared records (shared-records.ts, record-pointers.ts) change no
 * effective schema: every root of every fixture spec, built in comparison
 * order by the shared builder (its pointers filled for that root) and by a
 * builder that builds each root afresh, gives the same graph (every field,
 * every pointer, the same nodes met twice). One record reached from two
 * roots is one object that reads each root's own pointers, and a root that
 * would meet the depth limit is built on its own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiVersion } from '../../src/core/spec/types.js';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { createEffectiveSchemas } from '../../src/spec-diff/effective-schema.js';
import { createRecordPointers } from '../../src/spec-diff/record-pointers.js';
import { createSharedRecords } from '../../src/spec-diff/shared-records.js';
import { dereferenced, dump, fixtureSpecs, fixtures, roots } from '../support/effective-graphs.js';

/** A shared builder over `document` with its pointer table, and a builder that builds every root afresh. */
function builders(document: Record<string, unknown>, version: OpenApiVersion) {
  const pointers = createRecordPointers();
  const shared = createSharedRecords(document, version, pointers, createEffectiveSchemas(document, version));
  const fresh = createEffectiveSchemas(document, version, false);
  /** Root `schema` at `at` both ways, dumped (the shared one before the next root forgets its pointers). */
  const both = (schema: unknown, at: string) => {
    pointers.begin();
    return { shared: dump(shared(schema, at), pointers), fresh: dump(fresh(schema, at)) };
  };
  return { pointers, shared, fresh, both };
}

describe('shared records: A/B over every fixture spec', async () => {
  const files = await fixtureSpecs();

  it('finds the fixture specs', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it.each(files)('%s: every root is the same graph, from shared records or built afresh', async (file) => {
    const spec = await dereferenced(path.join(fixtures, file)).catch(() => undefined);
    if (!spec) return; // Bad-input fixtures: the diff stops before building anything.
    const { both } = builders(spec.document, spec.version);
    for (const [schema, at] of roots(spec.document)) {
      const { shared, fresh } = both(schema, at);
      expect(shared).toEqual(fresh);
    }
  });
});

describe('shared records: one record under two roots', () => {
  // Dereferencing puts the same object wherever `$ref: Pet` was written: no `$ref` is left to say where it lives.
  const tag = { type: 'string', maxLength: 10 };
  const pet = { type: 'object', properties: { name: { type: 'string' }, tag } };
  const node: Record<string, unknown> = { type: 'object', properties: { label: tag } };
  (node.properties as Record<string, unknown>).next = { $ref: '#/components/schemas/Node' };
  const document = { components: { schemas: { Pet: pet, Node: node } } };
  const order = { type: 'object', properties: { pet, tags: { type: 'array', items: tag } } };
  const cases: Array<[string, { roots: Array<[unknown, string]> }]> = [
    [
      'a component inlined under two roots',
      {
        roots: [
          [order, '/a'],
          [pet, '/b'],
          [order, '/c'],
        ],
      },
    ],
    [
      'a leaf met first on different paths',
      {
        roots: [
          [{ type: 'array', items: tag }, '/a'],
          [order, '/b'],
        ],
      },
    ],
    [
      'a circular $ref and a leaf it shares',
      {
        roots: [
          [node, '/a'],
          [{ allOf: [tag, node] }, '/b'],
          [order, '/c'],
        ],
      },
    ],
  ];

  it.each(cases)('%s: the same graphs as built afresh', (_name, { roots }) => {
    const { both } = builders(document, '3.1');
    for (const [schema, at] of roots) {
      const { shared, fresh } = both(schema, at);
      expect(shared).toEqual(fresh);
    }
  });

  it("is one object whose pointer reads each root's own path", () => {
    const { pointers, shared } = builders(document, '3.1');
    pointers.begin();
    const fromOrder = shared(order, '/paths/~1orders/get/schema').properties.get('pet')!;
    expect(pointers.fill(fromOrder.pointer)).toBe('/paths/~1orders/get/schema/properties/pet');
    expect(pointers.fill(fromOrder.properties.get('tag')!.pointer)).toBe(
      '/paths/~1orders/get/schema/properties/pet/properties/tag',
    );
    pointers.begin();
    const asRoot = shared(pet, '/paths/~1pets/get/schema');
    expect(asRoot).toBe(fromOrder);
    expect(pointers.fill(asRoot.pointer)).toBe('/paths/~1pets/get/schema');
    expect(pointers.fill(asRoot.properties.get('tag')!.pointer)).toBe('/paths/~1pets/get/schema/properties/tag');
    // A suffix a rule adds to a record's pointer is kept after the root's path.
    expect(pointers.fill(`${asRoot.pointer}/additionalProperties`)).toBe(
      '/paths/~1pets/get/schema/additionalProperties',
    );
  });

  it('refuses to fill a record the current roots did not reach', () => {
    const { pointers, shared } = builders(document, '3.1');
    pointers.begin();
    const record = shared(pet, '/a');
    pointers.begin();
    shared({ type: 'string' }, '/b');
    expect(() => pointers.fill(record.pointer)).toThrow(/no pointer for shared record/);
    expect(pointers.holdsToken(`see ${record.pointer}`)).toBe(true);
    expect(pointers.holdsToken('/a/properties/name')).toBe(false);
  });
});

describe('shared records: the depth limit', () => {
  /** `depth` objects nested by property `child`, the innermost one `leaf`. */
  const nested = (depth: number, leaf: object): object =>
    depth === 0 ? leaf : { type: 'object', properties: { child: nested(depth - 1, leaf) } };
  const leaf = { type: 'object', properties: { name: { type: 'string', minLength: 1 } } };
  const document = { components: { schemas: { Leaf: leaf } } };
  const inner = nested(60, leaf);

  it('builds a root that would cut on its own, and keeps sharing for the others', () => {
    const { pointers, shared, both } = builders(document, '3.1');
    // The leaf shallow first (a shared record), then under a root deeper than the limit: cut there, as afresh.
    expect(both(leaf, '/shallow').shared).toEqual(both(leaf, '/shallow').fresh);
    const deep = both(nested(70, leaf), '/deep');
    expect(deep.shared).toEqual(deep.fresh);
    pointers.begin();
    const again = shared(nested(3, leaf), '/again');
    pointers.begin();
    expect(shared(leaf, '/x')).toBe(again.properties.get('child')!.properties.get('child')!.properties.get('child')!);
  });

  it.each([
    ['built deeper than the limit', [nested(66, leaf), nested(2, leaf)]],
    // Built whole under the first root; the second reaches its records deeper: its replay meets the limit.
    ['reaching shared records deeper than the limit', [inner, { allOf: [nested(10, inner)] }]],
  ] as Array<[string, object[]]>)('gives a root %s the same graph as built afresh', (_name, roots) => {
    const { both } = builders(document, '3.1');
    roots.forEach((schema, index) => {
      const { shared, fresh } = both(schema, `/root${index}`);
      expect(shared).toEqual(fresh);
    });
  });
});

describe('shared records: one component under two operations, end to end', () => {
  /** `Pet` (not circular: dereferencing inlines it) as a property of one response and as another whole. */
  const spec = (tagMaxLength: number) => ({
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    paths: {
      '/orders': {
        get: {
          responses: {
            200: {
              description: 'An order',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { pet: { $ref: '#/components/schemas/Pet' } } },
                },
              },
            },
          },
        },
      },
      '/pets': {
        get: {
          responses: {
            200: {
              description: 'A pet',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Pet: { type: 'object', properties: { tag: { type: 'string', maxLength: tagMaxLength } } },
      },
    },
  });
  let directory = '';

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'plantkit-shared-records-'));
    await writeFile(path.join(directory, 'base.json'), JSON.stringify(spec(10)));
    await writeFile(path.join(directory, 'head.json'), JSON.stringify(spec(20)));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  it("reports each operation's change at its own pointer", async () => {
    const result = await diffSpecs('base.json', 'head.json', { cwd: directory });
    const raised = result.changes.filter((change) => change.id === 'response-max-length-raised');
    expect(raised.map(({ operation, pointer }) => ({ operation, pointer }))).toEqual([
      {
        operation: 'GET /orders',
        pointer: '/paths/~1orders/get/responses/200/content/application~1json/schema/properties/pet/properties/tag',
      },
      {
        operation: 'GET /pets',
        pointer: '/paths/~1pets/get/responses/200/content/application~1json/schema/properties/tag',
      },
    ]);
  });
});
