/**
 * The effective schema as a record: what a Schema Object means once `$ref`s
 * are resolved and `allOf` merged (effective-schema.ts builds it). This
 * module is the floor of the schema helpers: merging, applicability,
 * canonical keys, coverage and overlap read and write these records and
 * import nothing but this file.
 */

/** A schema as a comparable record. */
export interface EffectiveSchema {
  /** Pointer (through the dereferenced document) of the node that defines it. */
  pointer: string;
  /** Name under `components/schemas` when this node is that component (a hint for matching oneOf branches). */
  component: string | undefined;
  /** Sorted JSON types, `null` included when nullable; undefined: any type; []: nothing (the `false` schema). */
  types: string[] | undefined;
  format: string | undefined;
  /** Allowed values (`enum`, or `const` as one value); undefined: unconstrained. */
  enum: unknown[] | undefined;
  /** The `default` annotation, boxed so that `default: null` is kept. */
  default: { value: unknown } | undefined;
  properties: Map<string, EffectiveSchema>;
  required: Set<string>;
  /** `additionalProperties` as a schema (`false` is the empty type set); undefined when absent or `true`. */
  additionalProperties: EffectiveSchema | undefined;
  items: EffectiveSchema | undefined;
  readOnly: boolean;
  writeOnly: boolean;
  /** Numeric, string, array and object bounds (JSON Schema 2020-12 validation section 6). */
  bounds: Bounds;
  uniqueItems: boolean;
  /** `dependentRequired` (2020-12 validation section 6.5.4): property -> properties it requires. */
  dependentRequired: Map<string, Set<string>>;
  /**
   * The other 2020-12 applicators by location (core section 10): `prefixItems/0`,
   * `contains`, `dependentSchemas/<name>`, `patternProperties/<regex>`,
   * `propertyNames`, `unevaluatedProperties`, `unevaluatedItems`, `if`, `then`, `else`, `not`.
   */
  subschemas: Map<string, EffectiveSchema>;
  /** `oneOf`/`anyOf` alternatives, effective too. */
  variants: Variants | undefined;
  /** OAS Discriminator `propertyName` (OAS 3.1.0 section 4.8.25): tools dispatch branches on it. */
  discriminator: string | undefined;
  /** On a branch as branchesOf derives it: the discriminator values that dispatch to it (`Variants.tags`). */
  tag: DispatchTag | undefined;
}

/** The `oneOf`/`anyOf` of a schema. */
export interface Variants {
  keyword: 'oneOf' | 'anyOf';
  branches: EffectiveSchema[];
  /**
   * Per branch of a discriminated union: the discriminator values that
   * dispatch to it (discriminator-tags.ts). A hint for tools, not an
   * assertion (OAS 3.1.1 section 4.8.25): it matches branches, tells a
   * branch clients can dispatch from one they cannot, and rules compare it.
   */
  tags?: Array<DispatchTag | undefined>;
}

/** Discriminator values of one branch, on the property they are read from. */
export interface DispatchTag {
  property: string;
  values: string[];
}

/** Bounds a schema puts on values (JSON Schema 2020-12 validation sections 6.2-6.5). */
export interface Bounds {
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maximum?: number;
  minimum?: number;
  exclusiveMaximum?: number;
  exclusiveMinimum?: number;
  multipleOf?: number;
  maxItems?: number;
  minItems?: number;
  maxContains?: number;
  minContains?: number;
  maxProperties?: number;
  minProperties?: number;
}

/**
 * The Schema Object each built node came from: nodes built from one object
 * mean the same, whatever their root. Kept on the node under a symbol that
 * is not enumerable, so a node derived by spreading one (`{ ...schema }`)
 * has none. Not a WeakMap: a big spec builds millions of nodes, and a
 * WeakMap that large cost Stripe's diff a quarter of its time.
 */
const ORIGIN = Symbol('origin');

/** The Schema Object `schema` was built from; undefined for a node derived by merging or splitting. */
export function originOf(schema: EffectiveSchema): object | undefined {
  return (schema as { [ORIGIN]?: object })[ORIGIN];
}

/** Record that `schema` was built from the Schema Object `origin` (effective-schema.ts, once per node). */
export function setOrigin(schema: EffectiveSchema, origin: object): void {
  Object.defineProperty(schema, ORIGIN, { value: origin });
}

/**
 * Empty collections shared by every schema that has none (most have no
 * applicators, many no properties): a big spec builds a node per schema and
 * operation. They refuse changes, so code that fills a schema assigns a
 * collection of its own instead.
 */
class EmptyMap<K, V> extends Map<K, V> {
  override set(): this {
    throw new Error('shared empty map: assign a new Map instead');
  }
}
class EmptySet<T> extends Set<T> {
  override add(): this {
    throw new Error('shared empty set: assign a new Set instead');
  }
}
const NO_SCHEMAS: Map<string, EffectiveSchema> = new EmptyMap();
const NO_NAMES: Set<string> = new EmptySet();
const NO_DEPENDENCIES: Map<string, Set<string>> = new EmptyMap();

/** A schema that constrains nothing (`types` undefined) or, with `[]`, accepts nothing. */
export function emptySchema(pointer: string, types: string[] | undefined): EffectiveSchema {
  return {
    pointer,
    component: undefined,
    types,
    format: undefined,
    enum: undefined,
    default: undefined,
    properties: NO_SCHEMAS,
    required: NO_NAMES,
    additionalProperties: undefined,
    items: undefined,
    readOnly: false,
    writeOnly: false,
    bounds: {},
    uniqueItems: false,
    dependentRequired: NO_DEPENDENCIES,
    subschemas: NO_SCHEMAS,
    variants: undefined,
    discriminator: undefined,
    tag: undefined,
  };
}

/** True when `schema` asserts nothing at all; with `annotations`, also no default, readOnly or writeOnly. */
export function isUnconstrained(schema: EffectiveSchema, annotations: boolean): boolean {
  const asserts =
    schema.types !== undefined ||
    schema.format !== undefined ||
    schema.enum !== undefined ||
    schema.properties.size > 0 ||
    schema.required.size > 0 ||
    schema.additionalProperties !== undefined ||
    schema.items !== undefined ||
    Object.keys(schema.bounds).length > 0 ||
    schema.uniqueItems ||
    schema.dependentRequired.size > 0 ||
    schema.subschemas.size > 0 ||
    schema.variants !== undefined ||
    schema.discriminator !== undefined;
  return !asserts && (!annotations || (schema.default === undefined && !schema.readOnly && !schema.writeOnly));
}
