/**
 * What the A/B tests of the spec diff's graph builders share (shared
 * subtrees, shared records): the fixture spec pairs, a spec dereferenced as
 * `spec diff` reads it, the roots a comparison builds in its order, and a
 * dump of every field of a root's graph with nodes numbered in the order
 * first met (so sharing inside a root shows).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspectSpec } from '../../src/core/spec/load-spec.js';
import { listOperations } from '../../src/core/spec/operations.js';
import { parseSpecSource } from '../../src/core/spec/spec-source.js';
import type { OpenApiVersion } from '../../src/core/spec/types.js';
import type { RecordPointers } from '../../src/spec-diff/record-pointers.js';
import type { EffectiveSchema } from '../../src/spec-diff/schema-record.js';

/** The spec-diff fixture folder. */
export const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');

/** The fixture specs of every pair (`*.base.yaml`, `*.head.json`, ...). */
export async function fixtureSpecs(): Promise<string[]> {
  return (await readdir(fixtures)).filter((file) => /\.(base|head)\.(yaml|yml|json)$/.test(file));
}

/** `file` read and dereferenced as `spec diff` reads it. */
export async function dereferenced(
  file: string,
): Promise<{ document: Record<string, unknown>; version: OpenApiVersion }> {
  const text = await readFile(file, 'utf8');
  const inspection = await inspectSpec(parseSpecSource(text, file, path.basename(file)), {});
  if (!inspection.document) throw new Error(`${file} does not dereference`);
  return { document: inspection.document, version: inspection.version };
}

/** Every field of the graph below `root`, pointers read through `pointers` when given, nodes numbered in the order first met. */
export function dump(root: EffectiveSchema, pointers?: RecordPointers): unknown[] {
  const ids = new Map<EffectiveSchema, number>();
  const out: unknown[] = [];
  const ref = (node: EffectiveSchema | undefined): unknown => {
    if (!node) return null;
    let id = ids.get(node);
    if (id === undefined) {
      ids.set(node, (id = ids.size));
      out.push(null);
      const { properties, additionalProperties, items, subschemas, variants, required, dependentRequired, ...own } =
        node;
      out[id] = {
        ...own,
        pointer: pointers ? pointers.fill(own.pointer) : own.pointer,
        required: [...required],
        dependentRequired: [...dependentRequired].map(([key, names]) => [key, [...names]]),
        properties: [...properties].map(([key, child]) => [key, ref(child)]),
        additionalProperties: ref(additionalProperties),
        items: ref(items),
        subschemas: [...subschemas].map(([key, child]) => [key, ref(child)]),
        variants: variants && { ...variants, branches: variants.branches.map(ref) },
      };
    }
    return id;
  };
  ref(root);
  return out;
}

/** The body, parameter and response schemas of `document`, in operation order. */
export function roots(document: Record<string, unknown>): Array<[unknown, string]> {
  return listOperations(document).flatMap((operation) => [
    ...operation.parameters.map((parameter, index): [unknown, string] => [
      parameter.schema,
      `${operation.pointer}/parameters/${index}/schema`,
    ]),
    ...(operation.requestBody?.content ?? []).map((media): [unknown, string] => [
      media.schema,
      `${operation.pointer}/requestBody/content/${media.mediaType}/schema`,
    ]),
    ...operation.responses.flatMap((response) =>
      response.content.map((media): [unknown, string] => [
        media.schema,
        `${operation.pointer}/responses/${response.status}/content/${media.mediaType}/schema`,
      ]),
    ),
  ]);
}
