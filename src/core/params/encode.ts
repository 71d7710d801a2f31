/**
 * Writing parameter values the way the spec serialises them (OAS 4.8.12.4
 * Style Values), the inverse of decode.ts: the contract runner sends what
 * the mock and the proxy read back. Percent-encoding follows RFC 3986: every
 * character outside the unreserved set is encoded, except the style's own
 * delimiters and, with `allowReserved`, the reserved set in query values.
 */
import { exactNumberText, stringifyJson } from '../json/exact-json.js';
import type { OperationParameter } from '../spec/types.js';
import { formatCookie } from './cookies.js';
import { valueShape } from './text-value.js';

/** A parameter ready for the wire. */
export type EncodedParameter =
  /** Text to put in place of `{name}` in the path template. */
  | { in: 'path'; text: string }
  /** `name=value` pairs (already percent-encoded) for the query string. */
  | { in: 'query'; pairs: string[] }
  | { in: 'header'; name: string; value: string }
  /** `name=value` cookies for the Cookie header. */
  | { in: 'cookie'; cookies: string[] };

/** Serialise `value` for `parameter`. */
export function encodeParameter(parameter: OperationParameter, value: unknown): EncodedParameter {
  switch (parameter.in) {
    case 'path':
      return { in: 'path', text: encodePath(parameter, value) };
    case 'header':
      return {
        in: 'header',
        name: parameter.name,
        value: parameter.mediaType ? stringifyJson(value) : simple(parameter, value, (text) => text),
      };
    case 'cookie':
      return { in: 'cookie', cookies: encodeCookie(parameter, value) };
    case 'query':
      return { in: 'query', pairs: encodeQuery(parameter, value) };
  }
}

/** The text of a primitive (bigints and recorded exact numbers digit for digit). */
export function primitiveText(value: unknown, container?: object, key?: string | number): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return exactNumberText(container, key) ?? String(value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return stringifyJson(value);
  return String(value);
}

function encodePath(parameter: OperationParameter, value: unknown): string {
  if (parameter.mediaType) return encodeURIComponent(stringifyJson(value));
  const encodeText = (text: string) => encodeURIComponent(text);
  const name = encodeText(parameter.name);
  const shape = valueShape(parameter.schema);
  if (parameter.style === 'label') {
    if (shape === 'primitive') return `.${encodeText(primitiveText(value))}`;
    return `.${simple(parameter, value, encodeText, parameter.explode ? '.' : ',')}`;
  }
  if (parameter.style === 'matrix') {
    if (shape === 'array' && parameter.explode)
      return itemsOf(value)
        .map(([item, container, key]) => `;${name}=${encodeText(primitiveText(item, container, key))}`)
        .join('');
    if (shape === 'object' && parameter.explode)
      return entriesOf(value)
        .map(([key, item, container]) => `;${encodeText(key)}=${encodeText(primitiveText(item, container, key))}`)
        .join('');
    return `;${name}=${simple(parameter, value, encodeText)}`;
  }
  return simple(parameter, value, encodeText);
}

/** simple style: `a,b,c`; objects `k,v,k2,v2`, or `k=v,k2=v2` when exploded. */
function simple(
  parameter: OperationParameter,
  value: unknown,
  encodeText: (text: string) => string,
  separator = ',',
): string {
  const shape = valueShape(parameter.schema);
  if (shape === 'array')
    return itemsOf(value)
      .map(([item, container, key]) => encodeText(primitiveText(item, container, key)))
      .join(separator);
  if (shape === 'object') {
    const entries = entriesOf(value);
    if (parameter.explode)
      return entries
        .map(([key, item, container]) => `${encodeText(key)}=${encodeText(primitiveText(item, container, key))}`)
        .join(separator);
    return entries
      .flatMap(([key, item, container]) => [encodeText(key), encodeText(primitiveText(item, container, key))])
      .join(separator);
  }
  return encodeText(primitiveText(value));
}

function encodeQuery(parameter: OperationParameter, value: unknown): string[] {
  const encodeText = parameter.allowReserved ? encodeAllowingReserved : encodeReserved;
  const name = encodeURIComponent(parameter.name);
  if (parameter.mediaType) return [`${name}=${encodeURIComponent(stringifyJson(value))}`];
  const shape = valueShape(parameter.schema);
  if (parameter.style === 'deepObject')
    return typeof value === 'object' && value !== null
      ? deepPairs(name, value, value, name, encodeText)
      : [`${name}=${encodeText(primitiveText(value))}`];
  if (shape === 'array') {
    const texts = itemsOf(value).map(([item, container, key]) => encodeText(primitiveText(item, container, key)));
    if (parameter.explode) return texts.map((text) => `${name}=${text}`);
    const delimiter = parameter.style === 'spaceDelimited' ? '%20' : parameter.style === 'pipeDelimited' ? '|' : ',';
    return [`${name}=${texts.join(delimiter)}`];
  }
  if (shape === 'object') {
    const entries = entriesOf(value);
    if (parameter.explode)
      return entries.map(
        ([key, item, container]) => `${encodeURIComponent(key)}=${encodeText(primitiveText(item, container, key))}`,
      );
    return [
      `${name}=${entries.flatMap(([key, item, container]) => [encodeText(key), encodeText(primitiveText(item, container, key))]).join(',')}`,
    ];
  }
  return [`${name}=${encodeText(primitiveText(value))}`];
}

function encodeCookie(parameter: OperationParameter, value: unknown): string[] {
  if (parameter.mediaType) return [formatCookie(parameter.name, stringifyJson(value))];
  const shape = valueShape(parameter.schema);
  if (shape === 'array' && parameter.explode)
    return itemsOf(value).map(([item, container, key]) =>
      formatCookie(parameter.name, primitiveText(item, container, key)),
    );
  if (shape === 'object' && parameter.explode)
    return entriesOf(value).map(([key, item, container]) => formatCookie(key, primitiveText(item, container, key)));
  return [
    formatCookie(
      parameter.name,
      simple(parameter, value, (text) => text),
    ),
  ];
}

/**
 * Every reserved character (RFC 3986 section 2.2) percent-encoded, as a value without `allowReserved` must be
 * (OAS 3.0.3 section 4.7.12.2): encodeURIComponent leaves the sub-delimiters `!'()*` as they are.
 */
function encodeReserved(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Reserved characters (RFC 3986 section 2.2) stay as they are; `&`, `=` and `#` still must not break the query. */
function encodeAllowingReserved(text: string): string {
  return encodeURIComponent(text).replace(/%(3A|2F|3F|5B|5D|40|21|24|27|28|29|2A|2B|2C|3B)/gi, (escaped) =>
    decodeURIComponent(escaped),
  );
}

/**
 * One deepObject member as pairs. OAS 4.8.12.4 leaves nested objects and arrays undefined; they are
 * written as Stripe's API, Rails and the `qs` package read them, which decode.ts reads back:
 * `owner[address][city]=Oslo`, `tags[0]=a&tags[1]=b`. An empty object or array writes nothing.
 */
function deepPairs(
  prefix: string,
  value: unknown,
  container: object,
  key: string | number,
  encodeText: (text: string) => string,
): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => deepPairs(`${prefix}%5B${index}%5D`, item, value, index, encodeText));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([name, item]) =>
      deepPairs(`${prefix}%5B${encodeURIComponent(name)}%5D`, item, value, name, encodeText),
    );
  return [`${prefix}=${encodeText(primitiveText(value, container, key))}`];
}

function itemsOf(value: unknown): Array<[unknown, object, number]> {
  return Array.isArray(value) ? value.map((item, index) => [item, value, index]) : [[value, [value], 0]];
}

function entriesOf(value: unknown): Array<[string, unknown, object]> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value).map(([key, item]) => [key, item, value])
    : [];
}
