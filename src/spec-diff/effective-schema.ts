/**
 * The effective schema: what a Schema Object means once `$ref`s are resolved
 * and `allOf` branches are merged (required lists united, JSON Schema 2020-12
 * section 10.2.1.1: an instance must match every branch). Two specs are
 * compared through this form, so a refactor that keeps the meaning (allOf
 * split, `$ref` extraction, reordering) compares equal.
 * Own keywords are read by schema-keywords.ts; keywords that do not apply to
 * the schema's types are dropped (schema-applicability.ts), so adding
 * `maximum` to an array changes nothing. Discriminated branches carry their
 * discriminator value (discriminator-tags.ts) and branches that only list
 * values are read as one enum (value-set-branches.ts).
 */
import { asRecord } from '../spec/content.js';
import { valueAt } from '../spec/json-pointer.js';
import type { OpenApiVersion, SchemaObject } from '../spec/types.js';
import { tagBranches } from './discriminator-tags.js';
import { dropInapplicable } from './schema-applicability.js';
import { readKeywords } from './schema-keywords.js';
import { mergeSchemas } from './schema-merge.js';
import { emptySchema, setOrigin, type EffectiveSchema } from './schema-record.js';
import { foldValueBranches } from './value-set-branches.js';

const MAX_DEPTH = 64;

/**
 * Effective schemas over one dereferenced document. Each call builds from one
 * root (a body or parameter schema) with its own memo, so pointers name the
 * path from that root and circular schemas terminate.
 */
export function createEffectiveSchemas(
  document: Record<string, unknown>,
  version: OpenApiVersion,
): (schema: unknown, pointer: string) => EffectiveSchema {
  let memo = new WeakMap<object, EffectiveSchema>();
  const components = componentNames(document);

  const build = (schema: unknown, pointer: string, depth: number): EffectiveSchema => {
    if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH)
      return emptySchema(pointer, schema === false ? [] : undefined);
    const raw = schema as SchemaObject;
    // Circular references survive dereferencing as local $refs.
    if (typeof raw.$ref === 'string' && raw.$ref.startsWith('#')) {
      const target = valueAt(document, raw.$ref);
      if (target !== undefined && target !== raw) return build(target, raw.$ref.slice(1), depth + 1);
    }
    const cached = memo.get(raw);
    if (cached) return cached;
    const own = emptySchema(pointer, undefined);
    own.component = components.get(raw);
    memo.set(raw, own);
    setOrigin(own, raw);
    readKeywords(own, raw, pointer, version, (child, at) => build(child, at, depth + 1));
    tagBranches(own, (raw.discriminator as { mapping?: unknown } | undefined)?.mapping);
    if (Array.isArray(raw.allOf)) {
      const merged = raw.allOf.reduce<EffectiveSchema>(
        (acc, branch, index) => mergeSchemas(acc, build(branch, `${pointer}/allOf/${index}`, depth + 1)),
        own,
      );
      Object.assign(own, merged, { pointer, component: own.component });
      // 3.0 `nullable` beside allOf without a `type`: "this schema, or null" (as validation/schema-view.ts reads it).
      if (version === '3.0' && raw.nullable === true && own.types && !own.types.includes('null'))
        own.types = [...own.types, 'null'].sort();
    }
    foldValueBranches(own);
    dropInapplicable(own);
    return own;
  };

  return (schema, pointer) => {
    memo = new WeakMap();
    return build(schema, pointer, 0);
  };
}

/** Dereferenced component schemas by object identity (swagger-parser inlines the same object everywhere). */
function componentNames(document: Record<string, unknown>): Map<object, string> {
  const names = new Map<object, string>();
  for (const [name, schema] of Object.entries(asRecord(asRecord(document.components).schemas))) {
    if (typeof schema === 'object' && schema !== null && !names.has(schema)) names.set(schema, name);
  }
  return names;
}
