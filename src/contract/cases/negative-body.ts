/**
 * Negative body cases built from a valid full body, in the body's own media
 * type: each required property missing in turn, each property with a value
 * of the wrong type, and each constraint of each property broken in turn
 * (minimum, maxLength, enum, pattern, format, ...). Every mutated request is checked on the wire and
 * dropped unless it really is invalid, so a server that accepts it is a real
 * finding, not a false alarm.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import { preview } from '../../core/findings.js';
import { cloneJson } from '../../core/json/exact-json.js';
import { jsonType, schemaTypes } from '../../core/schema/object-shape.js';
import type { Operation } from '../../core/spec/types.js';
import { bodyProperties, setAt } from './body-paths.js';
import { invalidValues } from './constraint-breakers.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, type SendableBody, sendableBody } from './request-body.js';
import { buildRequest } from './request-builder.js';
import { requestViolations } from './wire-check.js';

/** A value of another JSON type, for each type a property may have, in order of preference. */
const WRONG_VALUES: unknown[] = [
  'plantkit-wrong-type',
  12345,
  true,
  { plantkit: 'wrong-type' },
  ['plantkit-wrong-type'],
];

/** Missing-required and wrong-type cases of one operation. */
export async function negativeBodyCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  const body = sendableBody(operation, context);
  if (!body?.validate) return [];
  const full = bodyValue(body, 'full', context);
  if (!full.ok) return [];
  const cases: ContractCase[] = [];
  const properties = bodyProperties(full.value, body.media.schema);
  const add = async (suffix: string, title: string, mutated: unknown) => {
    const candidate = negativeCase(operation, body, context, suffix, title, mutated);
    if (
      (await requestViolations(operation, candidate.request, context)).some(
        (violation) => violation.kind === 'body' || violation.kind === 'body-syntax',
      )
    )
      cases.push(candidate);
  };
  for (const property of properties.filter((candidate) => candidate.required)) {
    await add(
      `missing-required${property.pointer}`,
      `body without required property '${label(property.pointer)}'`,
      mutate(full.value, property.pointer, undefined),
    );
  }
  for (const property of properties) {
    const allowed = schemaTypes(property.schema);
    if (allowed.length === 0) continue;
    const wrong = WRONG_VALUES.find(
      (value) => !allowed.includes(jsonType(value)) && !(jsonType(value) === 'integer' && allowed.includes('number')),
    );
    if (wrong === undefined) continue;
    await add(
      `wrong-type${property.pointer}`,
      `body with '${label(property.pointer)}' of the wrong type (${preview(wrong)} where the spec documents ${allowed.join(' or ')})`,
      mutate(full.value, property.pointer, wrong),
    );
  }
  for (const property of properties) {
    // Depth 2: nested objects are properties of their own in the list; only this property's own constraints here.
    for (const [kind, broken, describe] of invalidValues(property.schema, undefined, 2).filter(
      ([kind]) => kind !== 'wrong-type',
    )) {
      await add(
        `${kind}${property.pointer}`,
        `body with '${label(property.pointer)}' ${describe}`,
        mutate(full.value, property.pointer, broken),
      );
    }
  }
  return cases;
}

function mutate(value: unknown, pointer: string, replacement: unknown): unknown {
  const copy = cloneJson(value);
  setAt(copy, pointer, replacement);
  return copy;
}

function negativeCase(
  operation: Operation,
  body: SendableBody,
  context: CaseContext,
  suffix: string,
  title: string,
  value: unknown,
): ContractCase {
  const encoded = encodeBody(body, value);
  return {
    id: `${operation.id}/negative/${suffix}`,
    kind: 'negative',
    operation,
    title,
    request: buildRequest(operation, { body: encoded.text, contentType: encoded.contentType }, context),
    expect: { outcome: 'rejection' },
  };
}

function label(pointer: string): string {
  return pointer.slice(1);
}
