/**
 * The records of `plantkit spec diff`: two specs are matched into a
 * comparison (operations, parameters, bodies, responses, schema nodes and
 * properties, each as a base/head pair), registered rules read it and
 * return changes (the oasdiff model: one rule per file, a stable kebab-case
 * id, a level).
 */
import type { SpecSource } from '../core/spec/spec-source.js';
import type { MediaTypeContent, OpenApiVersion, Operation } from '../core/spec/types.js';
import type { Direction } from '../core/validation/schema-view.js';
import type { AlternativeMatch } from './alternatives.js';
import type { EffectiveSchema } from './schema-record.js';

/** How a change affects existing clients: `breaking` fails the diff, the others inform. */
export type ChangeLevel = 'breaking' | 'warning' | 'info';

/** One spec as compared. */
export interface ComparedSpec {
  source: SpecSource;
  version: OpenApiVersion;
  /** The dereferenced document. */
  document: Record<string, unknown>;
  operations: Operation[];
}

/** Which side of the diff a pointer is in. */
export type Side = 'base' | 'head';

/** An operation present in both specs (matched by method and path shape). */
export interface OperationPair {
  /** `POST /plants` (head's path). */
  label: string;
  base: Operation;
  head: Operation;
}

/** An operation, path or item present on one side only. */
export interface OneSided<T> {
  label: string;
  side: Side;
  pointer: string;
  item: T;
}

/** Two versions of the same thing; either may be missing (added or removed). */
export interface Pair<T> {
  /** Operation label (`POST /plants`). */
  operation: string;
  /** Human name: `query parameter 'limit'`, `response 200`, `request body application/json`. */
  name: string;
  base: T | undefined;
  head: T | undefined;
  basePointer: string | undefined;
  headPointer: string | undefined;
}

/** A schema node present in both specs, at the same place. */
export interface SchemaPair {
  operation: string;
  direction: Direction;
  /** Where, for people: `request body (application/json) property 'owner.name'`. */
  name: string;
  /** True for a property's schema, false for a body, parameter or array item root. */
  isProperty: boolean;
  /** A parameter or header value (its array items, its object's properties): sent as text, so any number is also a valid string. */
  textual: boolean;
  base: EffectiveSchema;
  head: EffectiveSchema;
}

/** A schema where either side has `oneOf`/`anyOf`, compared as alternatives (alternatives.ts). */
export interface VariantPairing {
  operation: string;
  direction: Direction;
  name: string;
  base: EffectiveSchema;
  head: EffectiveSchema;
  matches: AlternativeMatch[];
}

/** A response header (OAS 3.1.0 section 4.8.21) as compared. */
export interface ResponseHeader {
  /** Name as written. */
  name: string;
  required: boolean;
  schema: unknown;
}

/** Webhooks or callbacks: operations the API calls, so the client side is the server. */
export interface ReversedOperations {
  removed: OneSided<Operation>[];
  added: OneSided<Operation>[];
  /** Removed under one name and added, unchanged, under another. */
  renamed: Array<{ base: OneSided<Operation>; head: OneSided<Operation> }>;
}

/** A property of an object schema seen in both specs' parent schemas; visible means sent (request) or received (response). */
export interface PropertyPair {
  operation: string;
  direction: Direction;
  name: string;
  base: EffectiveSchema | undefined;
  head: EffectiveSchema | undefined;
  /** Present, and not readOnly in a request / writeOnly in a response. */
  visibleBase: boolean;
  visibleHead: boolean;
  requiredBase: boolean;
  requiredHead: boolean;
  /** Pointer of the parent object schema on each side. */
  parentBase: string;
  parentHead: string;
}

/** The pairs of one or more schema walks (schema-pairs.ts): what walk rules read. */
export interface SchemaPairs {
  schemas: SchemaPair[];
  properties: PropertyPair[];
  variants: VariantPairing[];
}

/** Everything rules look at. */
export interface SpecComparison {
  base: ComparedSpec;
  head: ComparedSpec;
  /** The clock for `x-sunset` dates. */
  now: Date;
  /** Paths (that had operations) gone from head. */
  removedPaths: OneSided<string>[];
  removedOperations: OneSided<Operation>[];
  addedOperations: OneSided<Operation>[];
  operations: OperationPair[];
  parameters: Pair<Operation['parameters'][number]>[];
  requestBodies: Pair<NonNullable<Operation['requestBody']>>[];
  requestMediaTypes: Pair<string>[];
  /** Request media types with their schemas (present on both sides or not). */
  requestContents: Pair<MediaTypeContent>[];
  responses: Pair<Operation['responses'][number]>[];
  responseMediaTypes: Pair<string>[];
  /** Headers of responses present on both sides, matched case-insensitively (RFC 9110 section 5.1). */
  responseHeaders: Pair<ResponseHeader>[];
  schemas: SchemaPair[];
  properties: PropertyPair[];
  variants: VariantPairing[];
  /** 3.1 `webhooks` (OAS 3.1.0 section 4.8.1), matched by name and method. */
  webhooks: ReversedOperations;
  /** Operation `callbacks` (section 4.8.18), matched by operation, URL expression and method. */
  callbacks: ReversedOperations;
}

/** What a rule reports; diff-specs adds the rule's id and level and the source location. */
export interface RuleHit {
  operation: string;
  /** Pointer through the dereferenced document of `side`. */
  pointer: string;
  side: Side;
  message: string;
}

/** A registered diff rule. */
export interface DiffRule {
  /** Stable kebab-case id. Never rename one: CI configurations match on it. */
  id: string;
  level: ChangeLevel;
  /** One line for the rules table. */
  summary: string;
  check(comparison: SpecComparison): RuleHit[];
  /**
   * Set by rules that read nothing but the schema pairs, each hit from one
   * pair (its operation, name and pointers passed through): diffSpecs runs
   * it once per distinct pair of root schemas and replays the hits wherever
   * the same pair is met again (walk-cache.ts). `check` gives the same hits.
   */
  checkPairs?(pairs: SchemaPairs): RuleHit[];
  /**
   * Set by walk rules that report pairs of this direction only: a walk of
   * the other direction skips them (its hits are none without the call).
   */
  direction?: Direction;
}

/** Where a change is written. */
export interface ChangeLocation {
  /** File as the user named it (`openapi.yaml`, `origin/main:openapi.yaml`). */
  file: string;
  /** Pointer as written in that file (`$ref`s followed back). */
  pointer: string;
  line: number;
  column: number;
}

/** One classified change between two specs. */
export interface Change {
  id: string;
  level: ChangeLevel;
  operation: string;
  /** JSON pointer through the dereferenced spec of `side`. */
  pointer: string;
  side: Side;
  message: string;
  /** Where it is written on its own side. */
  location: ChangeLocation;
  /** Where to annotate the head file (the nearest node that exists there, for removals). */
  headLocation: ChangeLocation;
}
