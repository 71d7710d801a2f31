/**
 * Match two specs into a SpecComparison. Operations match on method and path
 * shape (`/plants/{id}` and `/plants/{plantId}` are the same path, OAS 3.1.0
 * section 4.8.8.2); webhooks on name and method; callbacks on their
 * operation, URL expression and method. Inside a matched operation,
 * operation-pairs.ts pairs parameters, bodies, responses and headers.
 */
import { joinPointer } from '../core/json/json-pointer.js';
import type { Operation } from '../core/spec/types.js';
import { canonicalKey } from './canonical-schema.js';
import { createEffectiveSchemas } from './effective-schema.js';
import { compareOperation, label } from './operation-pairs.js';
import { createRecordPointers } from './record-pointers.js';
import { listCallbacks, listWebhooks, type ReversedOperation } from './reversed-operations.js';
import { createSchemaWalks, type Effective, type SchemaWalks } from './schema-walks.js';
import { createSharedRecords } from './shared-records.js';
import type { ComparedSpec, DiffRule, OneSided, ReversedOperations, SpecComparison } from './types.js';

/** Builders of both sides whose records are shared by every root (shared-records.ts). */
function sharedEffective(base: ComparedSpec, head: ComparedSpec): Effective {
  const pointers = createRecordPointers();
  const plain = (spec: ComparedSpec) => createEffectiveSchemas(spec.document, spec.version);
  let spelled: Record<'base' | 'head', ReturnType<typeof plain>> | undefined;
  return {
    base: createSharedRecords(base.document, base.version, pointers, plain(base)),
    head: createSharedRecords(head.document, head.version, pointers, plain(head)),
    shared: { pointers, plain: () => (spelled ??= { base: plain(base), head: plain(head) }) },
  };
}

/** A comparison and its schema walks. */
export interface ComparedSpecs {
  comparison: SpecComparison;
  /** The hits of the walk rules given to compareSpecs, per rule. */
  walks: SchemaWalks;
}

/**
 * Build the comparison of `base` and `head`; `now` dates `x-sunset` checks.
 * `walkRules` (rules with `checkPairs`) are run as schemas are walked, or,
 * with `deferWalks`, when the walks are asked for (schema-walks.ts).
 */
export function compareSpecs(
  base: ComparedSpec,
  head: ComparedSpec,
  now: Date = new Date(),
  walkRules: readonly DiffRule[] = [],
  deferWalks = false,
): ComparedSpecs {
  const comparison: Omit<SpecComparison, 'schemas' | 'properties' | 'variants'> = {
    base,
    head,
    now,
    removedPaths: [],
    removedOperations: [],
    addedOperations: [],
    operations: [],
    parameters: [],
    requestBodies: [],
    requestMediaTypes: [],
    requestContents: [],
    responses: [],
    responseMediaTypes: [],
    responseHeaders: [],
    webhooks: { removed: [], added: [], renamed: [] },
    callbacks: { removed: [], added: [], renamed: [] },
  };
  const effective = sharedEffective(base, head);
  const walks = createSchemaWalks(effective, walkRules, deferWalks);
  // The pairs are spelled out only for a rule that reads them (schema-walks.ts).
  const full = Object.defineProperties(comparison, {
    schemas: { enumerable: true, get: () => walks.pairs().schemas },
    properties: { enumerable: true, get: () => walks.pairs().properties },
    variants: { enumerable: true, get: () => walks.pairs().variants },
  }) as SpecComparison;
  // A path entry without operations (only `parameters`, or empty) serves nothing: its removal is no change.
  const pathShapes = (spec: ComparedSpec) =>
    new Map(spec.operations.map((operation) => [pathShape(operation.path), operation.path]));
  const [basePaths, headPaths] = [pathShapes(base), pathShapes(head)];
  for (const [shape, template] of basePaths)
    if (!headPaths.has(shape))
      comparison.removedPaths.push(oneSided(template, 'base', joinPointer('/paths', template), template));

  const matched = matchOperations(base.operations, head.operations, operationKey);
  comparison.removedOperations.push(...matched.removed);
  comparison.addedOperations.push(...matched.added);
  for (const [b, h] of matched.pairs) compareOperation(full, b, h, walks, false);

  const reversed = (kind: 'webhooks' | 'callbacks', list: (spec: ComparedSpec) => ReversedOperation[]) => {
    const [bases, heads] = [list(base), list(head)];
    const keys = new Map([...bases, ...heads].map((entry) => [entry.operation, entry.key]));
    const result = matchOperations(
      bases.map((entry) => entry.operation),
      heads.map((entry) => entry.operation),
      (operation) => keys.get(operation)!,
    );
    for (const [b, h] of result.pairs) compareOperation(full, b, h, walks, true);
    comparison[kind] = detectRenames(result, effective);
  };
  reversed('webhooks', (spec) => listWebhooks(spec.document));
  reversed('callbacks', (spec) => listCallbacks(spec.document, spec.operations, operationKey));
  return { comparison: full, walks };
}

interface Matched {
  pairs: Array<[Operation, Operation]>;
  removed: OneSided<Operation>[];
  added: OneSided<Operation>[];
}

function matchOperations(base: Operation[], head: Operation[], key: (operation: Operation) => string): Matched {
  const heads = new Map(head.map((operation) => [key(operation), operation]));
  const baseKeys = new Set(base.map(key));
  const result: Matched = { pairs: [], removed: [], added: [] };
  for (const operation of base) {
    const match = heads.get(key(operation));
    if (match) result.pairs.push([operation, match]);
    else result.removed.push(oneSided(label(operation), 'base', operation.pointer, operation));
  }
  for (const operation of head)
    if (!baseKeys.has(key(operation)))
      result.added.push(oneSided(label(operation), 'head', operation.pointer, operation));
  return result;
}

/** A removed and an added operation that are the same but for the name or URL: a rename. */
function detectRenames(matched: Matched, effective: Effective): ReversedOperations {
  const renamed: ReversedOperations['renamed'] = [];
  const added = [...matched.added];
  const removed = matched.removed.filter((gone) => {
    const print = fingerprint(gone.item, effective.base);
    const index = added.findIndex((candidate) => fingerprint(candidate.item, effective.head) === print);
    if (index < 0) return true;
    renamed.push({ base: gone, head: added[index]! });
    added.splice(index, 1);
    return false;
  });
  return { removed, added, renamed };
}

/** What an operation exchanges: method, parameters, bodies and responses in canonical form. */
function fingerprint(operation: Operation, effective: Effective['base']): string {
  const schema = (value: unknown) => (value === undefined ? '-' : canonicalKey(effective(value, '')));
  return JSON.stringify([
    operation.method,
    operation.parameters
      .map((parameter) => `${parameter.in}:${parameter.name}:${parameter.required}:${schema(parameter.schema)}`)
      .sort(),
    operation.requestBody?.required ?? null,
    (operation.requestBody?.content ?? [])
      .map((media) => `${media.mediaType.toLowerCase()}:${schema(media.schema)}`)
      .sort(),
    operation.responses
      .map(
        (response) =>
          `${response.status}:${response.content
            .map((media) => `${media.mediaType.toLowerCase()}:${schema(media.schema)}`)
            .sort()
            .join(',')}`,
      )
      .sort(),
  ]);
}

function pathShape(template: string): string {
  return template.replace(/\{[^}]+\}/g, '{}');
}

function operationKey(operation: Operation): string {
  return `${operation.method} ${pathShape(operation.path)}`;
}

function oneSided<T>(labelText: string, side: 'base' | 'head', pointer: string, item: T): OneSided<T> {
  return { label: labelText, side, pointer, item };
}
