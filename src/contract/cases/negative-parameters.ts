/**
 * Negative parameter cases: each required query, header or cookie parameter
 * missing in turn, and each parameter (path ones included) with a value that
 * breaks one of its constraints (type, enum, bounds, length, pattern,
 * format, array size). Every request is checked on the wire and kept only
 * when the checks refuse exactly that parameter, so a server that accepts it
 * is a real finding.
 */
import { schemaTypes } from '../../schema/object-shape.js';
import type { Operation, OperationParameter, SchemaObject } from '../../spec/types.js';
import type { ContractCase } from '../types.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, sendableBody } from './request-body.js';
import { buildRequest, parameterKey, type RequestParts } from './request-builder.js';
import { CLIENT_OWNED_HEADERS } from './request-parameters.js';
import { requestViolations } from './wire-check.js';

/** Longest string a length case sends (a 65535-character maxLength is not worth a 64 KiB request). */
const MAX_LENGTH_CASE = 4096;

/** Missing and constraint-breaking parameter cases of one operation. */
export async function negativeParameterCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  const parameters = operation.parameters.filter((parameter) => parameter.schema && !(parameter.in === 'header' && CLIENT_OWNED_HEADERS.has(parameter.name.toLowerCase())));
  if (parameters.length === 0) return [];
  const body = sendableBody(operation, context);
  const value = body && bodyValue(body, 'minimal', context);
  const encoded = body && value?.ok ? encodeBody(body, value.value) : undefined;
  const base: RequestParts = encoded ? { body: encoded.text, contentType: encoded.contentType } : {};
  const cases: ContractCase[] = [];
  const add = async (parameter: OperationParameter, suffix: string, title: string, parts: RequestParts) => {
    const candidate: ContractCase = { id: `${operation.id}/negative/${suffix}`, kind: 'negative', operation, title, request: buildRequest(operation, { ...base, ...parts }, context), expect: { outcome: 'rejection' } };
    const violations = await requestViolations(operation, candidate.request, context);
    const own = `/${parameter.in}/${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
    if (violations.length > 0 && violations.every((violation) => violation.kind === 'parameter' && (violation.pointer === own || violation.pointer.startsWith(`${own}/`)))) cases.push(candidate);
  };
  for (const parameter of parameters) {
    const key = parameterKey(parameter);
    const where = `${parameter.in} parameter '${parameter.name}'`;
    if (parameter.required && parameter.in !== 'path') await add(parameter, `missing-parameter/${parameter.in}/${parameter.name}`, `without the required ${where}`, { omit: new Set([key]) });
    for (const [kind, wrong, describe] of invalidValues(parameter.schema!)) {
      await add(parameter, `parameter/${parameter.in}/${parameter.name}/${kind}`, `${where} ${describe}`, { values: new Map([[key, wrong]]) });
    }
  }
  return cases;
}

/** Values that break one constraint each: [kind, value, what it breaks]. */
function invalidValues(schema: SchemaObject): Array<[string, unknown, string]> {
  const types = schemaTypes(schema);
  const values: Array<[string, unknown, string]> = [];
  if (types.includes('array')) {
    if (typeof schema.maxItems === 'number' && schema.maxItems < 50) values.push(['too-many-items', Array.from({ length: schema.maxItems + 1 }, (_, index) => sampleItem(schema, index)), `with ${schema.maxItems + 1} items (maxItems ${schema.maxItems})`]);
    const items = (schema.items ?? {}) as SchemaObject;
    const itemTypes = schemaTypes(items);
    if (itemTypes.length > 0 && !itemTypes.includes('string')) values.push(['wrong-item-type', ['plantkit-wrong-type'], `with an item that is not ${itemTypes.join(' or ')}`]);
    else if (Array.isArray(items.enum)) values.push(['item-not-in-enum', ['plantkit-not-in-enum'], 'with an item outside its enum']);
    return values;
  }
  if (types.length > 0 && !types.includes('string') && !types.includes('object')) values.push(['wrong-type', 'plantkit-wrong-type', `that is not ${types.join(' or ')}`]);
  if (Array.isArray(schema.enum)) values.push(['not-in-enum', 'plantkit-not-in-enum', `outside its enum (${schema.enum.slice(0, 5).map(String).join(', ')})`]);
  if (typeof schema.minimum === 'number') values.push(['below-minimum', schema.minimum - 1, `below its minimum ${schema.minimum}`]);
  if (typeof schema.maximum === 'number') values.push(['above-maximum', schema.maximum + 1, `above its maximum ${schema.maximum}`]);
  if (types.includes('string') && !Array.isArray(schema.enum)) {
    if (typeof schema.maxLength === 'number' && schema.maxLength < MAX_LENGTH_CASE) values.push(['too-long', 'x'.repeat(schema.maxLength + 1), `longer than its maxLength ${schema.maxLength}`]);
    if (typeof schema.minLength === 'number' && schema.minLength > 1) values.push(['too-short', 'x'.repeat(schema.minLength - 1), `shorter than its minLength ${schema.minLength}`]);
    if (typeof schema.pattern === 'string') values.push(['pattern-mismatch', '!plantkit!', `not matching its pattern ${schema.pattern}`]);
    if (typeof schema.format === 'string' && ['uuid', 'date', 'date-time', 'email', 'uri', 'ipv4', 'ipv6', 'hostname'].includes(schema.format)) values.push(['wrong-format', 'plantkit-not-a-value-of-this-format', `that is not a ${schema.format}`]);
  }
  return values;
}

function sampleItem(schema: SchemaObject, index: number): unknown {
  const items = (schema.items ?? {}) as SchemaObject;
  if (Array.isArray(items.enum) && items.enum.length > 0) return items.enum[index % items.enum.length];
  return schemaTypes(items).includes('integer') || schemaTypes(items).includes('number') ? index + 1 : `item${index}`;
}
