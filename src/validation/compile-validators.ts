/**
 * Validators compiled once per operation x status x media type, for request
 * bodies and responses, from one loaded spec. The mock, the contract runner,
 * the spec checks and the vitest matchers all call these: one spec, one validator.
 */
import { valueAt } from '../spec/json-pointer.js';
import type { LoadedSpec, MediaTypeContent, Operation, OperationResponse, SchemaObject } from '../spec/types.js';
import { matchMediaType, parseMediaType } from '../http/media-type.js';
import { createSchemaCompiler, type ErrorObject, type SchemaCompiler, type ValidateFunction } from './ajv.js';
import { createSchemaView, type Direction, type SchemaViewOptions } from './schema-view.js';
import { toViolations, type SchemaViolation } from './violations.js';

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

/** Compile every request and response body validator of `spec`. Throws only on a schema Ajv cannot compile. */
export function compileValidators(spec: LoadedSpec): SpecValidators {
  const views = {
    request: new ViewCompiler(spec, { version: spec.version, direction: 'request', closed: false }),
    response: new ViewCompiler(spec, { version: spec.version, direction: 'response', closed: false }),
    closed: new ViewCompiler(spec, { version: spec.version, direction: 'response', closed: true }),
  };
  const requests = new Map<string, Map<string, BodyValidator>>();
  const responses = new Map<string, Map<string, Map<string, BodyValidator>>>();
  const closedResponses = new Map<string, Map<string, Map<string, BodyValidator>>>();
  const operations = new Map(spec.operations.map((operation) => [operation.id, operation]));

  for (const operation of spec.operations) {
    requests.set(operation.id, compileContent(operation.requestBody?.content ?? [], views.request));
    responses.set(operation.id, new Map(operation.responses.map((r) => [r.status, compileContent(r.content, views.response)])));
    closedResponses.set(
      operation.id,
      new Map(operation.responses.map((r) => [r.status, compileContent(r.content, views.closed, onlyUndeclared)])),
    );
  }

  const pick = (byMediaType: Map<string, BodyValidator> | undefined, mediaType: string) => {
    const essence = parseMediaType(mediaType)?.essence;
    return byMediaType && essence ? byMediaType.get(matchMediaType(essence, [...byMediaType.keys()]) ?? '') : undefined;
  };
  const forResponse = (table: typeof responses, operationId: string, status: number, mediaType: string) => {
    const operation = operations.get(operationId);
    const documented = operation && findResponse(operation, status);
    return documented && pick(table.get(operationId)?.get(documented.status), mediaType);
  };

  return {
    spec,
    request: (operationId, mediaType) => pick(requests.get(operationId), mediaType),
    response: (operationId, status, mediaType) => forResponse(responses, operationId, status, mediaType),
    undeclared: (operationId, status, mediaType) => forResponse(closedResponses, operationId, status, mediaType),
  };
}

/**
 * Validators for single schemas of a spec, seen from one side of the wire
 * (the spec checks validate examples with these). Each schema object compiles
 * once per direction; one Ajv per direction, as for the body validators.
 */
export function compileSchemaValidators(spec: Pick<LoadedSpec, 'version' | 'document'>): (schema: SchemaObject, direction: Direction) => BodyValidator {
  const compilers = new Map<Direction, ViewCompiler>();
  return (schema, direction) => {
    let compiler = compilers.get(direction);
    if (!compiler) {
      compiler = new ViewCompiler(spec, { version: spec.version, direction, closed: false });
      compilers.set(direction, compiler);
    }
    const { validate } = compiler.compile(schema);
    return (value) => (validate(value) ? [] : toViolations(validate.errors ?? []));
  };
}

/**
 * Validators of every media type that has a schema: the codecs (src/codec/)
 * turn JSON, XML, form, multipart and text bodies into values these check.
 */
function compileContent(
  content: MediaTypeContent[],
  compiler: ViewCompiler,
  filter: (errors: ErrorObject[]) => ErrorObject[] = (errors) => errors,
): Map<string, BodyValidator> {
  const compiled = new Map<string, BodyValidator>();
  for (const media of content) {
    if (!media.schema) continue;
    const { validate, prefix } = compiler.compile(media.schema);
    const inSpec = (errors: ErrorObject[]) => errors.map((error) => ({ ...error, schemaPath: `#${media.schemaPointer}${error.schemaPath.slice(prefix.length)}` }));
    compiled.set(media.mediaType, (value) => (validate(value) ? [] : toViolations(inSpec(filter(validate.errors ?? [])))));
  }
  return compiled;
}

function onlyUndeclared(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter((error) => error.keyword === 'unevaluatedProperties');
}

/**
 * One Ajv instance per view. Circular references survive dereferencing as
 * local `$ref`s (`#/components/schemas/Node`), so the components are
 * registered as a document they can resolve against.
 */
class ViewCompiler {
  private readonly ajv: SchemaCompiler;
  private readonly view: (schema: SchemaObject, atValue?: boolean) => SchemaObject;
  private readonly documentId: string;
  private readonly compiled = new WeakMap<object, { validate: ValidateFunction; prefix: string }>();
  private count = 0;
  private readonly holder: Record<string, SchemaObject> = {};

  constructor(spec: Pick<LoadedSpec, 'document'>, options: SchemaViewOptions) {
    this.ajv = createSchemaCompiler();
    this.view = createSchemaView(options);
    this.documentId = `urn:plantkit:${options.direction}${options.closed ? ':closed' : ''}`;
    const components = valueAt(spec.document, '/components/schemas') as Record<string, SchemaObject> | undefined;
    const viewed = Object.fromEntries(Object.entries(components ?? {}).map(([name, schema]) => [name, this.view(schema)]));
    this.ajv.addSchema({ components: { schemas: viewed }, 'x-plantkit-operations': this.holder }, this.documentId, undefined, false);
  }

  /** The validator of `schema`; `prefix` starts the schemaPath of its errors. */
  compile(schema: SchemaObject): { validate: ValidateFunction; prefix: string } {
    const cached = this.compiled.get(schema);
    if (cached) return cached;
    const key = String(this.count++);
    this.holder[key] = this.view(schema);
    const prefix = `${this.documentId}#/x-plantkit-operations/${key}`;
    const entry = { validate: this.ajv.compile({ $ref: prefix }), prefix };
    this.compiled.set(schema, entry);
    return entry;
  }
}

export type { Direction };
