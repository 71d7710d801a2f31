/**
 * A static answer without Prism: for a request that is not dynamic, Prism's
 * mocker serves the first example of the negotiated media type, read from
 * the document as written (prism-operations.ts hands it the path item with
 * copies of the components it reaches). Where that example is plain (an
 * inline `value`, or a local `$ref` to one) the answer is known without
 * loading Prism's bundle, most of the mock's start-up. Everything else is
 * declined and left to Prism: schema samples, `externalValue`, `$ref` chains,
 * response ranges and `default`, media types several contents could match,
 * header schemas Prism's sampler could fail on, and values whose long
 * integers Prism's copy would round. test/mock/static-answer.test.ts holds
 * each answer against Prism's own.
 */
import { exactNumberText } from '../core/json/exact-json.js';
import { valueAt } from '../core/json/json-pointer.js';

type Json = Record<string, unknown>;

/** What is answered: the operation's path template as written, its method, the status and the media type chosen. */
export interface StaticQuestion {
  template: string;
  method: string;
  status: number;
  /** The media type plantkit negotiated, a key of the response's `content` map as written. */
  accept: string;
}

/**
 * The body Prism would serve for `question` (the example's value, not copied), or undefined where plantkit
 * cannot be sure it is Prism's (then Prism answers). `raw` is the document as written.
 */
export function staticAnswer(raw: Json, question: StaticQuestion): { body: unknown } | undefined {
  const { template, method, status, accept } = question;
  const item = plainObject(plainObject(raw.paths)?.[template]);
  // Prism's reader resolves only what it is handed: the path item and the components it reaches.
  if (!item || '$ref' in item || method.toLowerCase() === 'head' || !onlyComponentRefs(item)) return undefined;
  const operation = plainObject(item[method.toLowerCase()]);
  // An exact status key: Prism looks one up first (a range or `default` is a different search).
  const response = operation && resolved(raw, plainObject(operation.responses)?.[String(status)]);
  if (!response || !headersSafe(raw, response.headers)) return undefined;
  const content = plainObject(response.content);
  if (!content || !soleMatch(content, accept)) return undefined;
  const media = plainObject(content[accept]);
  if (!media || '$ref' in media) return undefined;
  const value = 'example' in media ? media.example : firstNamedExample(raw, media);
  return value === undefined || !servedAsWritten(value) ? undefined : { body: value };
}

/**
 * The value of the media type's first Example Object, when Prism reads the same: http-spec puts a schema's
 * own example first when the media type has no `example`, so any such schema is declined.
 */
function firstNamedExample(raw: Json, media: Json): unknown {
  const schema = resolved(raw, media.schema);
  if (media.schema !== undefined && !schema) return undefined;
  if (schema && ('example' in schema || 'examples' in schema || 'x-example' in schema)) return undefined;
  for (const entry of Object.values(plainObject(media.examples) ?? {})) {
    // http-spec skips examples that are no objects; one that is a `$ref` it cannot follow stays a reference.
    if (plainObject(entry) === undefined) continue;
    const example = resolved(raw, entry);
    if (!example || typeof example.externalValue === 'string' || !('value' in example)) return undefined;
    return example.value;
  }
  return undefined;
}

/**
 * Whether Prism's header mocking succeeds (its result is not served: response-headers.ts makes plantkit's
 * own): each header's first example has a value, or its schema is small and plain enough for the sampler.
 */
function headersSafe(raw: Json, headers: unknown): boolean {
  if (headers === undefined) return true;
  const map = plainObject(headers);
  if (!map) return false;
  return Object.values(map).every((entry) => {
    const header = resolved(raw, entry);
    if (!header || 'content' in header) return false;
    const named = Object.values(plainObject(header.examples) ?? {});
    if (named.length > 0 || 'example' in header) {
      const first = named.length > 0 ? resolved(raw, named[0]) : { value: header.example };
      return first !== undefined && typeof first.externalValue !== 'string' && 'value' in first;
    }
    if (header.schema === undefined) return true;
    const schema = plainObject(header.schema);
    return schema !== undefined && PLAIN_TYPES.has(schema.type as string) && !JSON.stringify(schema).includes('"$ref"');
  });
}

const PLAIN_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/** The one content key of the media type's essence, and it is `accept` (Prism negotiates with `accepts`). */
function soleMatch(content: Json, accept: string): boolean {
  if (/[*,"]/.test(accept)) return false;
  const essence = essenceOf(accept);
  const matching = Object.keys(content).filter((key) => essenceOf(key) === essence);
  return matching.length === 1 && matching[0] === accept;
}

function essenceOf(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * `value` itself, or the target of its local component `$ref` (one step, as http-spec follows it);
 * undefined for anything else (no object, a `$ref` to a `$ref`, a target that is not there).
 */
function resolved(raw: Json, value: unknown): Json | undefined {
  const object = plainObject(value);
  if (!object || !('$ref' in object)) return object;
  const ref = object.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/')) return undefined;
  const found = plainObject(valueAt(raw, ref.slice(1)));
  return found && !('$ref' in found) ? found : undefined;
}

/** Whether every `$ref` in the path item points at a component (Prism is handed no other part of the document). */
function onlyComponentRefs(item: Json): boolean {
  return !/"\$ref":"(?!#\/components\/)/.test(JSON.stringify(item));
}

/**
 * Whether Prism serves `value` as written: Prism's copy of the document drops the exact text of long
 * integers (exact-json.ts), and its bundling rewrites `$ref`s, even inside example values.
 */
function servedAsWritten(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((child, index) => [index, child])
    : Object.entries(value);
  return entries.every(
    ([key, child]) => key !== '$ref' && exactNumberText(value, key) === undefined && servedAsWritten(child),
  );
}

function plainObject(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}
