/**
 * Whether the id a server gave an item can travel in the item's path as the
 * spec documents it. Telnyx answers an ip's `id` as an int64 string and
 * documents `{id}` as a uuid: a step on that item would send a request the
 * spec calls invalid, and judging its answer would blame the server for the
 * spec's contradiction. Such steps are not sent, and the sequence ends
 * saying why (a skipped sequence with the reason, never a failure).
 */
import type { ItemOperation } from '../../core/resources/types.js';
import { schemaTypes } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';
import { describeViolation } from '../../core/validation/violations.js';
import type { CaseContext } from '../cases/context.js';

/** Why `id` (as the path would carry it) does not fit `operation`'s id parameter; undefined when it fits. */
export function idMisfit(operation: ItemOperation, id: unknown, context: CaseContext): string | undefined {
  const parameter = operation.operation.parameters.find(
    (candidate) => candidate.in === 'path' && candidate.name === operation.parameter,
  );
  const schema = parameter?.schema as SchemaObject | undefined;
  if (!schema) return undefined;
  // A path carries text: a string parameter judges the id's text, a numeric one the number it reads.
  const types = schemaTypes(schema);
  const value = types.length === 0 || types.includes('string') ? String(id) : id;
  if (typeof value === 'bigint') return undefined;
  const [violation] = context.schemaValidator(schema, 'request')(value);
  return violation
    ? `the id ${JSON.stringify(String(id))} the server gave does not fit the path parameter '${operation.parameter}' of ${operation.operation.id} (${describeViolation(violation, 'value')}): the spec's id field and its path parameter disagree`
    : undefined;
}
