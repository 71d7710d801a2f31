/**
 * Reading parameters off a request as the spec serialises them (OAS 4.8.12.4
 * Style Values): path (simple, label, matrix), query (form, spaceDelimited,
 * pipeDelimited, deepObject), header (simple) and cookie (form); primitives,
 * arrays and objects, exploded or not; and parameters described by a media
 * type (`content: application/json`). Values are typed by their schemas
 * (text-value.ts); whether they are valid is the validator's business.
 */

import { parseJson } from '../json/exact-json.js';
import type { OperationParameter, ParameterLocation } from '../spec/types.js';
import { parseCookieHeader } from './cookies.js';
import { decodeQueryText, type RawPair, rawPairs, splitRaw } from './query-string.js';
import { arrayFromTexts, childSchema, objectFromPairs, putText, valueShape } from './text-value.js';

/** What the request carries, before any parameter is read. */
export interface RawParameters {
  /** Path parameter values as the router matched them (percent-decoded). */
  path: Record<string, string>;
  /** The query string without `?`, as sent. */
  search: string;
  /** Header values by lower-case name (the Cookie header among them). */
  headers: Record<string, string>;
}

/** Parameter values by location; header names lower-case. */
export type ParameterValues = Record<ParameterLocation, Record<string, unknown>>;

/** A value that could not be read at all (not valid JSON, say). */
export interface ParameterProblem {
  location: ParameterLocation;
  name: string;
  message: string;
}

/** Every declared parameter present on the request, typed; absent ones are left out (the validator reports required ones). */
export function decodeParameters(
  parameters: readonly OperationParameter[],
  raw: RawParameters,
): { values: ParameterValues; problems: ParameterProblem[] } {
  const values: ParameterValues = { path: {}, query: {}, header: {}, cookie: {} };
  const problems: ParameterProblem[] = [];
  // Many operations declare none (POST /plants): nothing to read, no query or cookies to split.
  if (parameters.length === 0) return { values, problems };
  const pairs = rawPairs(raw.search);
  const cookies = parseCookieHeader(raw.headers.cookie);
  const claimed = new Set(
    parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
  );
  for (const parameter of parameters) {
    const key = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    const read = readOne(parameter, raw, pairs, cookies, claimed);
    if (read?.kind === 'problem')
      problems.push({ location: parameter.in, name: parameter.name, message: read.message });
    else if (read?.kind === 'text') putText(values[parameter.in], key, read.text, parameter.schema);
    else if (read?.kind === 'value') values[parameter.in][key] = read.value;
  }
  return { values, problems };
}

/** One parameter as found: text still to be typed, a structured value, a problem, or absent. */
type Read =
  | { kind: 'text'; text: string }
  | { kind: 'value'; value: unknown }
  | { kind: 'problem'; message: string }
  | undefined;

function readOne(
  parameter: OperationParameter,
  raw: RawParameters,
  pairs: RawPair[],
  cookies: Array<[string, string]>,
  claimed: Set<string>,
): Read {
  switch (parameter.in) {
    case 'path': {
      const text = raw.path[parameter.name];
      return text === undefined ? undefined : fromStyled(parameter, stripPathStyle(parameter, text));
    }
    case 'header': {
      const text = raw.headers[parameter.name.toLowerCase()];
      return text === undefined ? undefined : fromStyled(parameter, text);
    }
    case 'cookie':
      return readCookie(parameter, cookies);
    case 'query':
      return readQuery(parameter, pairs, claimed);
  }
}

/** label (`.a.b`) and matrix (`;id=a;id=b`) carry a prefix; simple has none. */
function stripPathStyle(parameter: OperationParameter, text: string): string {
  if (parameter.style === 'label') return text.startsWith('.') ? text.slice(1) : text;
  if (parameter.style !== 'matrix') return text;
  if (valueShape(parameter.schema) === 'object' && parameter.explode) return text.replace(/^;/, '');
  // `;id=3;id=4` (exploded array) -> `3;4`; `;id=3,4` -> `3,4`.
  return text
    .split(';')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(`${parameter.name}=`)
        ? part.slice(parameter.name.length + 1)
        : part === parameter.name
          ? ''
          : part,
    )
    .join(';');
}

/** A simple/label/matrix value (path, header) or a single cookie, as one text. */
function fromStyled(parameter: OperationParameter, text: string): Read {
  if (parameter.mediaType) return fromMedia(text);
  const shape = valueShape(parameter.schema);
  if (shape === 'primitive') return { kind: 'text', text };
  const separator =
    parameter.style === 'label' && parameter.explode
      ? '.'
      : parameter.style === 'matrix' && parameter.explode
        ? ';'
        : ',';
  const parts = text === '' ? [] : text.split(separator);
  if (shape === 'array') return { kind: 'value', value: arrayFromTexts(parts, parameter.schema) };
  if (parameter.explode)
    return {
      kind: 'value',
      value: objectFromPairs(
        parts.map((part) => splitOnce(part, '=')),
        parameter.schema,
      ),
    };
  return { kind: 'value', value: objectFromPairs(chunkPairs(parts), parameter.schema) };
}

function readCookie(parameter: OperationParameter, cookies: Array<[string, string]>): Read {
  const shape = valueShape(parameter.schema);
  if (shape === 'object' && parameter.explode && !parameter.mediaType) {
    const pairs = cookies.filter(([name]) => childSchema(parameter.schema, name) !== undefined);
    return pairs.length === 0 ? undefined : { kind: 'value', value: objectFromPairs(pairs, parameter.schema) };
  }
  const own = cookies.filter(([name]) => name === parameter.name).map(([, value]) => value);
  if (own.length === 0) return undefined;
  if (shape === 'array' && parameter.explode && !parameter.mediaType)
    return { kind: 'value', value: arrayFromTexts(own, parameter.schema) };
  return fromStyled({ ...parameter, style: 'simple' }, own[0]!);
}

function readQuery(parameter: OperationParameter, pairs: RawPair[], claimed: Set<string>): Read {
  const shape = parameter.mediaType ? 'primitive' : valueShape(parameter.schema);
  if (parameter.style === 'deepObject') return readDeepObject(parameter, pairs);
  if (shape === 'object' && parameter.explode) {
    const own = pairs.filter((pair) => !claimed.has(pair.name) && acceptsProperty(parameter, pair.name));
    return own.length === 0
      ? undefined
      : {
          kind: 'value',
          value: objectFromPairs(
            own.map((pair) => [pair.name, decodeQueryText(pair.value)] as const),
            parameter.schema,
          ),
        };
  }
  const own = pairs.filter((pair) => pair.name === parameter.name);
  if (own.length === 0) return undefined;
  if (parameter.mediaType) return fromMedia(decodeQueryText(own[0]!.value));
  if (shape === 'array') {
    const delimiter = parameter.style === 'spaceDelimited' ? ' ' : parameter.style === 'pipeDelimited' ? '|' : ',';
    const texts = parameter.explode
      ? own.map((pair) => decodeQueryText(pair.value))
      : own.flatMap((pair) => (pair.value === '' ? [] : splitRaw(pair.value, delimiter)));
    return { kind: 'value', value: arrayFromTexts(texts, parameter.schema) };
  }
  if (shape === 'object')
    return { kind: 'value', value: objectFromPairs(chunkPairs(splitRaw(own[0]!.value, ',')), parameter.schema) };
  if (own.length > 1)
    return { kind: 'problem', message: `is given ${own.length} times; the spec documents a single value` };
  return { kind: 'text', text: decodeQueryText(own[0]!.value) };
}

/**
 * `filter[color]=red&filter[size]=2` (OAS 4.8.12.4, deepObject). Nested brackets nest objects, and an
 * index (`tags[0]`, or `tags[]` for the next one) makes an array where the schema has one there: what
 * encode.ts writes, and what Stripe's API and the `qs` package read.
 */
function readDeepObject(parameter: OperationParameter, pairs: RawPair[]): Read {
  const prefix = `${parameter.name}[`;
  const own = pairs.filter((pair) => pair.name.startsWith(prefix));
  if (own.length === 0) {
    // A member that is no object or list at all (Stripe's `metadata=`, "" to clear it) is written plainly.
    const plain = pairs.find((pair) => pair.name === parameter.name);
    return plain ? { kind: 'text', text: decodeQueryText(plain.value) } : undefined;
  }
  // A list written as deepObject (Stripe's `expand[0]=a`) is an array at the root.
  const root: object = valueShape(parameter.schema) === 'array' ? [] : {};
  for (const pair of own) {
    const path = [...pair.name.slice(parameter.name.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1]!);
    let container: object = root;
    let schema = parameter.schema;
    for (const [index, key] of path.entries()) {
      const inArray = Array.isArray(container) && /^\d*$/.test(key);
      const slot = inArray ? (key === '' ? (container as unknown[]).length : Number(key)) : key;
      schema = inArray ? childSchema(schema) : childSchema(schema, key);
      const next = path[index + 1];
      const record = container as Record<string | number, unknown>;
      if (next === undefined) putText(container, slot, decodeQueryText(pair.value), schema);
      else container = (record[slot] ??= valueShape(schema) === 'array' && /^\d*$/.test(next) ? [] : {}) as object;
    }
  }
  return { kind: 'value', value: root };
}

/** An exploded form object owns the query names its schema declares, or any unclaimed name when it allows additional properties. */
function acceptsProperty(parameter: OperationParameter, name: string): boolean {
  const schema = parameter.schema ?? {};
  const declared = childSchema(schema, name) !== undefined;
  return (
    declared ||
    schema.additionalProperties === true ||
    (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null)
  );
}

function fromMedia(text: string): Read {
  const parsed = parseJson(text);
  return parsed.ok
    ? { kind: 'value', value: parsed.value }
    : { kind: 'problem', message: `is not valid JSON (${parsed.message})` };
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index < 0 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
}

/** `k1,v1,k2,v2` as pairs. */
function chunkPairs(parts: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let index = 0; index + 1 < parts.length; index += 2) pairs.push([parts[index]!, parts[index + 1]!]);
  return pairs;
}
