/**
 * Negative body cases built from a valid full body: each required property
 * missing in turn, each property with a value of the wrong type. Every
 * mutated body is re-validated and dropped unless it really is invalid, so
 * a server that accepts it is a real finding, not a false alarm.
 */
import { preview } from '../../findings.js';
import { jsonType, schemaTypes } from '../../schema/object-shape.js';
import type { Operation } from '../../spec/types.js';
import type { ContractCase } from '../types.js';
import { bodyProperties, setAt } from './body-paths.js';
import type { CaseContext } from './context.js';
import { cloneJson } from '../../json/exact-json.js';
import { checked, jsonRequestBody, sampleBody, type JsonRequestBody } from './request-body.js';
import { buildRequest } from './request-builder.js';

/** A value of another JSON type, for each type a property may have, in order of preference. */
const WRONG_VALUES: unknown[] = ['plantkit-wrong-type', 12345, true, { plantkit: 'wrong-type' }, ['plantkit-wrong-type']];

/** Missing-required and wrong-type cases of one operation. */
export function negativeBodyCases(operation: Operation, context: CaseContext): ContractCase[] {
  const body = jsonRequestBody(operation, context);
  if (!body) return [];
  const full = sampleBody(body, 'full', context);
  if (full.problem) return [];
  const cases: ContractCase[] = [];
  const properties = bodyProperties(full.value, body.media.schema);
  for (const property of properties.filter((candidate) => candidate.required)) {
    const mutated = mutate(body, full.value, property.pointer, undefined);
    if (mutated) cases.push(negativeCase(operation, body, context, `missing-required${property.pointer}`, `body without required property '${label(property.pointer)}'`, mutated));
  }
  for (const property of properties) {
    const allowed = schemaTypes(property.schema);
    if (allowed.length === 0) continue;
    const wrong = WRONG_VALUES.find((value) => !allowed.includes(jsonType(value)) && !(jsonType(value) === 'integer' && allowed.includes('number')));
    const mutated = wrong === undefined ? undefined : mutate(body, full.value, property.pointer, wrong);
    if (mutated) {
      const title = `body with '${label(property.pointer)}' of the wrong type (${preview(wrong)} where the spec documents ${allowed.join(' or ')})`;
      cases.push(negativeCase(operation, body, context, `wrong-type${property.pointer}`, title, mutated));
    }
  }
  return cases;
}

/** A copy of `value` with the change applied, as text; undefined when it is still valid. */
function mutate(body: JsonRequestBody, value: unknown, pointer: string, replacement: unknown): string | undefined {
  const copy = cloneJson(value);
  setAt(copy, pointer, replacement);
  const result = checked(body, copy);
  return result.problem ? result.text : undefined;
}

function negativeCase(operation: Operation, body: JsonRequestBody, context: CaseContext, suffix: string, title: string, text: string): ContractCase {
  return {
    id: `${operation.id}/negative/${suffix}`,
    kind: 'negative',
    operation,
    title,
    request: buildRequest(operation, { body: text, contentType: body.media.mediaType }, context),
    expect: { outcome: 'rejection' },
  };
}

function label(pointer: string): string {
  return pointer.slice(1);
}
