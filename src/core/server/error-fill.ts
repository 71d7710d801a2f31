/**
 * Filling one documented error schema with an explanation: the documented
 * example when there is a valid one (the message written into its
 * message-like field where that stays valid), else message-like string
 * properties get the explanation, code-like ones the status, other required
 * properties a sample; when the schema demands more (nested required objects,
 * formats, patterns), a generated valid body with the message and status
 * placed where they still validate. Plans and generated bases are worked out
 * once per schema: a refusal is answered often.
 */
import { STATUS_CODES } from 'node:http';
import { patternSample } from '../generate/pattern-sample.js';
import type { SchemaScope } from '../generate/schema-facts.js';
import { validValue } from '../generate/valid-value.js';
import { cloneJson, setExactNumber } from '../json/exact-json.js';
import { objectShape, schemaTypes } from '../schema/object-shape.js';
import { sampleValue } from '../schema/sample-value.js';
import type { SchemaObject } from '../spec/types.js';

/** Where an explanation goes, best first; `title` is a summary (RFC 9457 section 3.1.3), so it gets the reason phrase when `detail` is there. */
const MESSAGE_NAMES = [
  'message',
  'detail',
  'details',
  'error_description',
  'errormessage',
  'error_message',
  'description',
  'reason',
  'msg',
  'title',
];
const CODE_NAMES = /^(error|code|status|statuscode|errorcode|status_code|error_code)$/i;

/** What a filled body may start from and must pass. */
export interface FillContext {
  status: number;
  message: string;
  /** True when the body passes the documented schema; undefined when there is no validator. */
  valid: ((value: unknown) => boolean) | undefined;
  scope: SchemaScope;
  /** The first documented example that passes the schema, when there is one. */
  example?: { value: unknown };
}

/** A body for `schema` carrying the message, valid when `valid` says so (undefined when no valid body is found). */
export function fillErrorBody(schema: SchemaObject, context: FillContext): unknown {
  const { status, message, valid, example } = context;
  const accept = valid ?? (() => true);
  const filled = messageShaped(schema, status, message);
  // The spec's own example speaks for this error (OAS 4.8.20); only the explanation is written into it.
  if (example) return overlaid(example.value, filled, accept, explanationFields(schema, status));
  if (accept(filled)) return filled;
  if (!valid) return undefined;
  let generated = GENERATED.get(schema);
  if (!generated) {
    generated = validValue(
      schema,
      (value) =>
        accept(value)
          ? []
          : [{ pointer: '', instancePath: '', keyword: 'valid', message: 'is not valid', schemaPath: '' }],
      context.scope,
      status,
    );
    GENERATED.set(schema, generated);
  }
  if (!generated.ok) return undefined;
  return overlaid(generated.value, filled, accept);
}

/** Generated bases of error schemas the message-shaped fill cannot satisfy: generated once per schema. */
const GENERATED = new WeakMap<SchemaObject, ReturnType<typeof validValue>>();

/**
 * A copy of `base` with the fields of `filled` written over it (only `only`, when given): all at once when
 * the whole passes `accept` (one validation, the common case), else one by one, each kept only where the
 * whole still passes. `base` is never changed.
 */
function overlaid(
  base: unknown,
  filled: unknown,
  accept: (value: unknown) => boolean,
  only?: ReadonlySet<string>,
): unknown {
  if (!isObject(base) || !isObject(filled)) return base;
  const fields = Object.entries(filled).filter(([name]) => !only || only.has(name));
  const all: Record<string, unknown> = { ...base, ...Object.fromEntries(fields) };
  if (accept(all)) return all;
  const result: Record<string, unknown> = { ...base };
  for (const [name, value] of fields) {
    const before = result[name];
    const had = name in result;
    result[name] = value;
    if (accept(result)) continue;
    if (had) result[name] = before;
    else delete result[name];
  }
  return result;
}

/** The fields that explain a refusal in an example: the named message field and numeric status codes, not the example's own codes or ids. */
function explanationFields(schema: SchemaObject, status: number): ReadonlySet<string> {
  const plan = planFor(schema, status);
  return plan.text ? NONE : plan.explains;
}

const NONE: ReadonlySet<string> = new Set();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Where each property of an error body comes from, worked out once per schema and status (a refusal is answered often). */
type FillPlan =
  | { text: true }
  | {
      text: false;
      fields: Array<[string, { from: 'message' } | { value: unknown; exact?: string }]>;
      /** The fields written into a documented example: the named message field and numeric status codes. */
      explains: ReadonlySet<string>;
    };
const PLANS = new WeakMap<SchemaObject, Map<number, FillPlan>>();

function planFor(schema: SchemaObject, status: number): FillPlan {
  let plans = PLANS.get(schema);
  if (!plans) PLANS.set(schema, (plans = new Map()));
  let plan = plans.get(status);
  if (!plan) plans.set(status, (plan = fillPlan(schema, status)));
  return plan;
}

function messageShaped(schema: SchemaObject, status: number, message: string): unknown {
  const plan = planFor(schema, status);
  if (plan.text) return message;
  const body: Record<string, unknown> = {};
  for (const [name, source] of plan.fields) {
    if ('from' in source) body[name] = message;
    else if (source.exact !== undefined) setExactNumber(body, name, source.exact);
    else body[name] = cloneJson(source.value);
  }
  return body;
}

function fillPlan(schema: SchemaObject, status: number): FillPlan {
  const types = schemaTypes(schema);
  if (types.includes('string') && !types.includes('object')) return { text: true };
  const shape = objectShape(schema);
  const fields: Extract<FillPlan, { text: false }>['fields'] = [];
  const entries = Object.entries(shape.properties);
  const isFreeText = (property: SchemaObject | undefined) =>
    schemaTypes(property).includes('string') && !hasEnum(property!);
  const named = MESSAGE_NAMES.map((wanted) => entries.find(([name]) => name.toLowerCase() === wanted)?.[0]).find(
    (name) => name !== undefined && isFreeText(shape.properties[name]),
  );
  // No message-like property: the first free-text string property carries the explanation.
  const messageName =
    named ??
    entries.find(
      ([name, property]) =>
        isFreeText(property) &&
        !CODE_NAMES.test(name) &&
        property.format === undefined &&
        property.pattern === undefined,
    )?.[0];
  const explains = new Set<string>();
  for (const [name, property] of entries) {
    const propertyTypes = schemaTypes(property);
    if (name === messageName) {
      fields.push([name, { from: 'message' }]);
      if (name === named) explains.add(name);
    } else if (propertyTypes.includes('string') && MESSAGE_NAMES.includes(name.toLowerCase()) && !hasEnum(property)) {
      fields.push([name, { value: STATUS_CODES[status] ?? `HTTP ${status}` }]);
    } else if (
      (propertyTypes.includes('integer') || propertyTypes.includes('number')) &&
      CODE_NAMES.test(name) &&
      !hasEnum(property)
    ) {
      fields.push([name, { value: status }]);
      explains.add(name);
    } else if (propertyTypes.includes('string') && CODE_NAMES.test(name) && !hasEnum(property)) {
      fields.push([name, { value: String(status) }]);
    } else if (shape.required.includes(name)) {
      const value = sampleValue(property, {
        mode: 'minimal',
        nextInteger: () => BigInt(status),
        matchPattern: patternSample,
      });
      fields.push([name, typeof value === 'bigint' ? { value: undefined, exact: value.toString() } : { value }]);
    }
  }
  return { text: false, fields, explains };
}

function hasEnum(schema: SchemaObject | undefined): boolean {
  return Array.isArray(schema?.enum) || schema?.const !== undefined;
}
