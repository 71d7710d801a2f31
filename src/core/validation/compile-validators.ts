/**
 * Validators compiled once per operation x status x media type, for request
 * bodies and responses, from one loaded spec. The mock, the contract runner,
 * the spec checks and the vitest matchers all call these: one spec, one validator.
 */

import { matchMediaType, parseMediaType } from '../http/media-type.js';
import { valueAt } from '../json/json-pointer.js';
import { walkComponentRefs } from '../spec/component-refs.js';
import { sourcePointer } from '../spec/source-pointer.js';
import type { LoadedSpec, MediaTypeContent, Operation, OperationResponse, SchemaObject } from '../spec/types.js';
import { createSchemaCompiler, type ErrorObject, type SchemaCompiler, type ValidateFunction } from './ajv.js';
import { NOT_PICKED, PickMemo } from './pick-memo.js';
import { createSchemaView, type Direction, type SchemaViewOptions } from './schema-view.js';
import { type SchemaViolation, toViolations } from './violations.js';

export type { SchemaViolation } from './violations.js';

/** Validates a parsed JSON value; returns [] when valid. */
export type BodyValidator = (value: unknown) => SchemaViolation[];

/** The documented response that covers a status: exact code, then `4XX`-style range, then `default` (OAS 4.8.16). */
export function findResponse(operation: Operation, status: number): OperationResponse | undefined {
  const code = String(status);
  const range = `${code[0]}XX`;
  return (
    operation.responses.find((response) => response.status === code) ??
    operation.responses.find((response) => response.status === range) ??
    operation.responses.find((response) => response.status === 'default')
  );
}

/** All compiled validators of a spec. */
export interface SpecValidators {
  readonly spec: LoadedSpec;
  /** Validator for a request body of `operationId` sent as `mediaType` (decoded by its codec); undefined when not documented or without a schema. */
  request(operationId: string, mediaType: string): BodyValidator | undefined;
  /** Validator for a response body with `status` and `mediaType` (decoded by its codec); undefined when not documented or without a schema. */
  response(operationId: string, status: number, mediaType: string): BodyValidator | undefined;
  /** Like `response`, but reports only properties the schema does not declare (the `--strict` check). */
  undeclared(operationId: string, status: number, mediaType: string): BodyValidator | undefined;
}

/**
 * The request and response body validators of `spec`. Each compiles on first
 * use (GitHub's 845 operations take 25 s to compile up front; a request
 * needs one), then is kept. Throws only on a schema Ajv cannot compile.
 */
export function compileValidators(spec: LoadedSpec): SpecValidators {
  const views = {
    request: new ViewCompiler(spec, { version: spec.version, direction: 'request', closed: false }),
    response: new ViewCompiler(spec, { version: spec.version, direction: 'response', closed: false }),
    closed: new ViewCompiler(spec, { version: spec.version, direction: 'response', closed: true }),
  };
  const operations = new Map(spec.operations.map((operation) => [operation.id, operation]));
  const compiled = new Map<string, BodyValidator | undefined>();
  const picked = {
    request: new PickMemo<BodyValidator>(),
    response: new PickMemo<BodyValidator>(),
    closed: new PickMemo<BodyValidator>(),
  };

  /**
   * The validator of `content`'s media type matching `mediaType`, compiled once per view. The memo is
   * asked first with no closure and no key string: `key` builds the compiled-validator key on a miss only.
   */
  const pick = (
    view: keyof typeof views,
    key: (view: keyof typeof views, operationId: string, status: string) => string,
    operationId: string,
    status: string,
    content: MediaTypeContent[],
    mediaType: string,
    filter?: (errors: ErrorObject[]) => ErrorObject[],
  ) => {
    const memo = picked[view];
    const known = memo.get(content, mediaType);
    if (known !== NOT_PICKED) return known;
    const validator = pickValidator(key(view, operationId, status), content, mediaType, views[view], filter);
    memo.set(content, mediaType, validator);
    return validator;
  };
  const pickValidator = (
    key: string,
    content: MediaTypeContent[],
    mediaType: string,
    compiler: ViewCompiler,
    filter?: (errors: ErrorObject[]) => ErrorObject[],
  ) => {
    const essence = parseMediaType(mediaType)?.essence;
    const documented =
      essence &&
      matchMediaType(
        essence,
        content.map((media) => media.mediaType),
      );
    const media = documented ? content.find((candidate) => candidate.mediaType === documented) : undefined;
    if (!media?.schema) return undefined;
    const cacheKey = `${key}\u0000${media.mediaType}`;
    if (!compiled.has(cacheKey)) compiled.set(cacheKey, compileMedia(media, compiler, filter));
    return compiled.get(cacheKey);
  };
  const forResponse = (view: 'response' | 'closed', operationId: string, status: number, mediaType: string) => {
    const operation = operations.get(operationId);
    const documented = operation && findResponse(operation, status);
    if (!documented) return undefined;
    return pick(
      view,
      responseKey,
      operationId,
      documented.status,
      documented.content,
      mediaType,
      view === 'closed' ? onlyUndeclared : undefined,
    );
  };

  return {
    spec,
    request: (operationId, mediaType) => {
      const content = operations.get(operationId)?.requestBody?.content;
      return content && pick('request', requestKey, operationId, '', content, mediaType);
    },
    response: (operationId, status, mediaType) => forResponse('response', operationId, status, mediaType),
    undeclared: (operationId, status, mediaType) => forResponse('closed', operationId, status, mediaType),
  };
}

/**
 * Validators for single schemas of a spec, seen from one side of the wire
 * (the spec checks validate examples with these). Each schema object compiles
 * once per direction; one Ajv per direction, as for the body validators.
 */
export function compileSchemaValidators(
  spec: Pick<LoadedSpec, 'version' | 'document'>,
): (schema: SchemaObject, direction: Direction) => BodyValidator {
  const compilers = new Map<Direction, ViewCompiler>();
  // The mock's echo asks for a property's validator on every request: one function per schema and direction.
  const made = {
    request: new WeakMap<SchemaObject, BodyValidator>(),
    response: new WeakMap<SchemaObject, BodyValidator>(),
  };
  return (schema, direction) => {
    const cacheable = typeof schema === 'object' && schema !== null;
    const known = cacheable ? made[direction].get(schema) : undefined;
    if (known) return known;
    let compiler = compilers.get(direction);
    if (!compiler) {
      compiler = new ViewCompiler(spec, { version: spec.version, direction, closed: false });
      compilers.set(direction, compiler);
    }
    const { validate } = compiler.compile(schema);
    const validator: BodyValidator = (value) => (validate(value) ? [] : toViolations(validate.errors ?? []));
    if (cacheable) made[direction].set(schema, validator);
    return validator;
  };
}

/** The compiled-validator key of a request body (one per operation; `status` is not part of it). */
function requestKey(_view: string, operationId: string): string {
  return `request\u0000${operationId}`;
}

/** The compiled-validator key of a response body in one view. */
function responseKey(view: string, operationId: string, status: string): string {
  return `${view}\u0000${operationId}\u0000${status}`;
}

/**
 * The validator of one media type's schema; the codecs (src/core/codec/) turn
 * JSON, XML, form, multipart and text bodies into the values it checks.
 */
function compileMedia(
  media: MediaTypeContent,
  compiler: ViewCompiler,
  filter: (errors: ErrorObject[]) => ErrorObject[] = (errors) => errors,
): BodyValidator {
  const { validate, prefix } = compiler.compile(media.schema!, media.schemaPointer);
  const inSpec = (errors: ErrorObject[]) =>
    errors.map((error) => ({
      ...error,
      schemaPath: `#${media.schemaPointer}${error.schemaPath.slice(prefix.length)}`,
    }));
  return (value) => (validate(value) ? [] : toViolations(inSpec(filter(validate.errors ?? []))));
}

/** Whether every `$ref` written in `schema` points at a component schema. */
function ownRefsAreComponents(schema: unknown): boolean {
  return (JSON.stringify(schema).match(/"\$ref":"[^"]*"/g) ?? []).every((ref) =>
    ref.startsWith('"$ref":"#/components/schemas/'),
  );
}

function onlyUndeclared(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter((error) => error.keyword === 'unevaluatedProperties');
}

/**
 * One Ajv instance per view. Schemas are compiled as written, with their
 * `$ref`s to `#/components/schemas/...` kept, where the spec's raw document
 * is at hand: Ajv then compiles each component once, where the dereferenced
 * form would inline every use (Stripe's Account response took 4.7 s that
 * way). Circular references survive dereferencing as local `$ref`s too. The
 * components are registered as a document refs resolve against; a component
 * is viewed and added the first time a compiled schema refers to it.
 */
class ViewCompiler {
  private readonly ajv: SchemaCompiler;
  private readonly view: (schema: SchemaObject, atValue?: boolean) => SchemaObject;
  private readonly documentId: string;
  private readonly compiled = new WeakMap<object, { validate: ValidateFunction; prefix: string }>();
  private readonly compiledAt = new Map<string, { validate: ValidateFunction; prefix: string }>();
  private count = 0;
  private readonly holder: Record<string, SchemaObject> = {};
  private readonly raw: Record<string, unknown> | undefined;
  private readonly components: Record<string, SchemaObject>;
  private readonly viewedComponents: Record<string, SchemaObject> = {};
  /** Per component schema: whether its own `$ref`s all point at component schemas. */
  private readonly cleanComponents = new Map<string, boolean>();

  constructor(spec: Pick<LoadedSpec, 'document' | 'rawDocument'>, options: SchemaViewOptions) {
    this.ajv = createSchemaCompiler();
    this.view = createSchemaView(options);
    this.documentId = `urn:plantkit:${options.direction}${options.closed ? ':closed' : ''}`;
    this.raw = spec.rawDocument;
    this.components =
      (valueAt(spec.rawDocument ?? spec.document, '/components/schemas') as Record<string, SchemaObject> | undefined) ??
      {};
    this.ajv.addSchema(
      { components: { schemas: this.viewedComponents }, 'x-plantkit-operations': this.holder },
      this.documentId,
      undefined,
      false,
    );
  }

  /** The validator of `schema` (at `pointer` in the dereferenced document, when known); `prefix` starts the schemaPath of its errors. */
  compile(schema: SchemaObject, pointer?: string): { validate: ValidateFunction; prefix: string } {
    const written = pointer === undefined ? undefined : this.writtenSchema(pointer);
    const cached = written ? this.compiledAt.get(pointer!) : this.compiled.get(schema);
    if (cached) return cached;
    const key = String(this.count++);
    this.holder[key] = this.view(written ?? schema);
    this.addReferencedComponents(this.holder[key]);
    const prefix = `${this.documentId}#/x-plantkit-operations/${key}`;
    const entry = { validate: this.ajv.compile({ $ref: prefix }), prefix };
    if (written) this.compiledAt.set(pointer!, entry);
    else this.compiled.set(schema, entry);
    return entry;
  }

  /** The schema at `pointer` as the raw document writes it, when all its `$ref`s point at component schemas. */
  private writtenSchema(pointer: string): SchemaObject | undefined {
    if (!this.raw) return undefined;
    const written = sourcePointer(this.raw, pointer);
    const schema = written.exact ? (valueAt(this.raw, written.pointer) as SchemaObject | undefined) : undefined;
    if (typeof schema !== 'object' || schema === null) return undefined;
    return this.refersToComponentsOnly(schema) ? schema : undefined;
  }

  /**
   * Whether every `$ref` `schema` reaches, through the components it names
   * too, points at a component schema: a component may refer into `paths`
   * (codat.io's Branding does), which the registered document does not hold.
   */
  private refersToComponentsOnly(schema: SchemaObject): boolean {
    let only = ownRefsAreComponents(schema);
    walkComponentRefs(schema, ({ section, name }) => {
      const component = section === 'schemas' ? this.components[name] : undefined;
      if (!only || component === undefined) {
        only = false;
        return undefined;
      }
      let clean = this.cleanComponents.get(name);
      if (clean === undefined) this.cleanComponents.set(name, (clean = ownRefsAreComponents(component)));
      only = clean;
      return component;
    });
    return only;
  }

  /** View and register every component `schema` refers to, transitively. */
  private addReferencedComponents(schema: SchemaObject): void {
    walkComponentRefs(schema, ({ section, name }) => {
      if (section !== 'schemas' || name in this.viewedComponents || this.components[name] === undefined)
        return undefined;
      this.viewedComponents[name] = this.view(this.components[name]!);
      return this.viewedComponents[name];
    });
  }
}

export type { Direction };
