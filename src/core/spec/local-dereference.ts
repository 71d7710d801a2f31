/**
 * Dereferencing a spec whose `$ref`s are all plain local JSON pointers,
 * without swagger-parser. swagger-parser's `dereference` (with
 * `circular: 'ignore'`) builds two URLs and two joined pointer strings for
 * every node and every `$ref` it meets: on GitHub's description that is
 * about 0.5 s of the mock's 1.9 s start (issue 22). This module runs the
 * same algorithm (json-schema-ref-parser 15's `crawl` and
 * `dereference$Ref`: same visiting order, same cache of resolved `$ref`s,
 * same rule that a `$ref` whose target reaches one of its ancestors stays a
 * `$ref`), so the result is the same object graph, shared objects included
 * (test/core/spec/local-dereference.test.ts compares both on every spec of the
 * real-world sample).
 *
 * It takes only documents where that algorithm has no URL work to do:
 * every `$ref` is `#/...` with nothing beside it, resolves through no other
 * `$ref` to an object, and no schema declares an `$id`. Anything else
 * (external files, `$ref` siblings, pointers that need URL decoding,
 * unresolvable pointers with their error messages) is left to
 * swagger-parser: `dereferenceLocally` then returns undefined, and the caller
 * dereferences a fresh copy.
 */

/** swagger-parser 13's accepted `openapi` versions (lib/index.js): other documents take its own path and message. */
const SUPPORTED_VERSIONS = new Set(['3.0.0', '3.0.1', '3.0.2', '3.0.3', '3.0.4', '3.1.0', '3.1.1', '3.1.2']);

/** json-schema-ref-parser's default `dereference.maxDepth`: deeper documents take its path and its RangeError. */
const MAX_DEPTH = 500;

/**
 * A local pointer whose text URL resolution leaves unchanged: no `%` to decode, no whitespace, no
 * backslash and no second `#` (json-schema-ref-parser keys its cache on the resolved URL).
 */
const PLAIN_POINTER = /^#\/[^%\\#\s]*$/;

type Json = Record<string, unknown>;

interface Dereferenced {
  value: unknown;
  circular: boolean;
}

/** Thrown inside the crawl when the document needs swagger-parser after all. */
const NEEDS_SWAGGER_PARSER = new Error('this document needs swagger-parser');

/** A circular `$ref`, which dereferencing leaves as written, and the object it points at. */
export interface CircularRef {
  ref: { $ref: string };
  target: Json;
}

/**
 * Dereference `document` in place, as swagger-parser's `dereference` with `circular: 'ignore'` would,
 * when every `$ref` in it is a plain local pointer, and list the circular `$ref`s: every `$ref` left in the
 * document is among them (some listed were replaced later by the first with their pointer).
 * Undefined when the document needs swagger-parser: it may then be partly rewritten, so the caller
 * dereferences a fresh copy.
 */
export function dereferenceLocally(document: Json): CircularRef[] | undefined {
  if (typeof document.openapi !== 'string' || !SUPPORTED_VERSIONS.has(document.openapi)) return undefined;
  if (document.paths === undefined || typeof (document.info as Json | undefined)?.version === 'number')
    return undefined;
  const parents = new Set<unknown>();
  const cache = new Map<string, Dereferenced>();
  const left: CircularRef[] = [];

  // json-schema-ref-parser's `crawl` of an object that is not a `$ref`: whether a circular `$ref` lies below it.
  const crawlChildren = (record: Json, depth: number): boolean => {
    if (depth > MAX_DEPTH || (typeof record.$id === 'string' && record.$id.length > 0)) throw NEEDS_SWAGGER_PARSER;
    parents.add(record);
    let circular = false;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value !== 'object' || value === null) {
        if (depth >= MAX_DEPTH) throw NEEDS_SWAGGER_PARSER;
        continue;
      }
      // json-schema-ref-parser also checks `parents` for a plain value; in a JSON tree only a `$ref` leads back to an
      // ancestor, and a plain cycle (only an inline document can hold one) ends at the depth limit, with swagger-parser.
      if (isRef(value)) {
        const dereferenced = dereferenceRef(value, depth);
        if (dereferenced.circular) circular = true;
        if (value !== dereferenced.value) record[key] = dereferenced.value;
      } else if (crawlChildren(value as Json, depth + 1)) circular = true;
    }
    parents.delete(record);
    return circular;
  };

  const dereferenceRef = (ref: { $ref: string }, depth: number): Dereferenced => {
    const pointer = ref.$ref;
    // A cached circular result is the first `$ref` object with this pointer; json-schema-ref-parser returns it too.
    const cached = cache.get(pointer);
    if (cached) return cached;
    const target = plainTarget(document, ref);
    // A target that is an ancestor, or whose subtree holds a circular `$ref`: with `circular: 'ignore'` the `$ref` stays as written.
    const circular = parents.has(target) || crawlChildren(target, depth + 1);
    const result = { circular, value: circular ? ref : target };
    if (circular) left.push({ ref, target });
    cache.set(pointer, result);
    return result;
  };

  try {
    crawlChildren(document, 0);
    return left;
  } catch (error) {
    if (error === NEEDS_SWAGGER_PARSER) return undefined;
    throw error;
  }
}

/**
 * The object a `$ref` alone points at through no other `$ref`, with a pointer URL resolution leaves
 * as it is; anything else needs swagger-parser (its `$ref` siblings, URL decoding, error messages).
 */
function plainTarget(document: Json, ref: { $ref: string }): Json {
  if (!PLAIN_POINTER.test(ref.$ref) || Object.keys(ref).length !== 1) throw NEEDS_SWAGGER_PARSER;
  let node: unknown = document;
  for (const token of ref.$ref.slice(2).split('/')) {
    if (isRef(node)) throw NEEDS_SWAGGER_PARSER;
    // RFC 6901 section 4, decoded as json-schema-ref-parser decodes (`~1` first, then `~0`).
    node = (node as Json)[token.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (typeof node !== 'object' || node === null) throw NEEDS_SWAGGER_PARSER;
  }
  if (isRef(node)) throw NEEDS_SWAGGER_PARSER;
  return node as Json;
}

/** json-schema-ref-parser's `$Ref.is$Ref`: an object with a non-empty string `$ref`. */
function isRef(value: unknown): value is { $ref: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Json).$ref === 'string' &&
    ((value as Json).$ref as string).length > 0
  );
}
