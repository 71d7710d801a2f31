/**
 * The shapes plantkit works on after loading a spec: a flat list of
 * operations, each carrying the dereferenced schemas and examples it needs.
 * OpenAPI section numbers below refer to OAS 3.1.0 (3.0.3 is the same here).
 */

/** A JSON Schema object as it appears in the dereferenced spec (OAS 4.8.24). */
export type SchemaObject = Record<string, unknown>;

/** OpenAPI major.minor line; decides schema semantics (3.0: nullable; 3.1: JSON Schema 2020-12). */
export type OpenApiVersion = '3.0' | '3.1';

/** A named example (OAS 4.8.19) or an unnamed `example` value. */
export interface NamedExample {
  name: string;
  value: unknown;
  /** JSON pointer of the example in the spec, for messages. */
  pointer: string;
}

/** How one property of a form or multipart body is serialised (OAS 4.8.15 Encoding Object). */
export interface PropertyEncoding {
  /** Media type(s) of a multipart part, e.g. `image/png, image/jpeg`. */
  contentType: string | undefined;
  /** Form style of a urlencoded property: form, spaceDelimited, pipeDelimited, deepObject. */
  style: string | undefined;
  explode: boolean | undefined;
  allowReserved: boolean;
}

/** One media type of a request body or response (OAS 4.8.14). */
export interface MediaTypeContent {
  mediaType: string;
  schema: SchemaObject | undefined;
  examples: NamedExample[];
  /** JSON pointer of the schema in the spec (`.../content/application~1json/schema`). */
  schemaPointer: string;
  /** Encoding of form and multipart properties, by property name (OAS 4.8.14.1 `encoding`). */
  encoding: Record<string, PropertyEncoding>;
}

/** Where a parameter travels (OAS 4.8.12.1 Parameter Locations). */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** A parameter (OAS 4.8.12) with its location and serialisation. */
export interface OperationParameter {
  name: string;
  in: ParameterLocation;
  /** JSON pointer of the parameter in the spec (path-level or operation-level). */
  pointer: string;
  required: boolean;
  /** The schema; for a parameter described with `content`, the schema of its one media type. */
  schema: SchemaObject | undefined;
  examples: NamedExample[];
  /** Serialisation style with the location's default applied (OAS 4.8.12.4: form, simple, label, matrix, ...). */
  style: string;
  /** `explode` with its default applied (true for form, false otherwise). */
  explode: boolean;
  allowReserved: boolean;
  /** A parameter serialised as a media type (`content: {application/json: ...}`) instead of a style. */
  mediaType: string | undefined;
  deprecated: boolean;
}

/** A header of a response (OAS 4.8.21 Header Object). */
export interface ResponseHeader {
  /** Header name as written in the spec. */
  name: string;
  pointer: string;
  required: boolean;
  schema: SchemaObject | undefined;
  examples: NamedExample[];
  /** `simple` is the only style headers have; `explode` still applies to arrays and objects. */
  explode: boolean;
}

/** A link from a response to another operation (OAS 4.8.20 Link Object). */
export interface ResponseLink {
  name: string;
  /** operationId of the target (an `operationRef` is resolved to it where possible). */
  operationId: string | undefined;
  operationRef: string | undefined;
  /** Target parameter name -> runtime expression or constant, e.g. `{ plantId: '$response.body#/id' }`. */
  parameters: Record<string, unknown>;
  requestBody: unknown;
}

/** The request body of an operation (OAS 4.8.13). */
export interface OperationRequestBody {
  required: boolean;
  content: MediaTypeContent[];
}

/** One documented response (OAS 4.8.17): a status code, a range such as 4XX, or `default`. */
export interface OperationResponse {
  status: string;
  description: string;
  content: MediaTypeContent[];
  headers: ResponseHeader[];
  links: ResponseLink[];
}

/** One HTTP authentication alternative: every scheme in it must be satisfied (OAS 4.8.30). */
export type SecurityRequirement = SecuritySchemeUse[];

/** A security scheme as used by an operation (OAS 4.8.27). */
export interface SecuritySchemeUse {
  name: string;
  type: string;
  /** For `type: http`: `bearer`, `basic`, ... (lower-cased). */
  scheme: string | undefined;
  /** For `type: apiKey`: where the key goes and its name. */
  in: string | undefined;
  parameterName: string | undefined;
  /** Scopes (OAuth2/OIDC) or roles the requirement names. */
  scopes: string[];
}

/** One operation of the spec, flattened. */
export interface Operation {
  /** operationId, or `METHOD /path` when the spec gives none. */
  id: string;
  /** Upper-case HTTP method. */
  method: string;
  /** Path template as written in the spec, e.g. `/plants/{id}`. */
  path: string;
  /** JSON pointer of the operation in the spec, e.g. `/paths/~1plants/post`. */
  pointer: string;
  summary: string | undefined;
  parameters: OperationParameter[];
  requestBody: OperationRequestBody | undefined;
  responses: OperationResponse[];
  /** Alternatives; empty means the operation needs no authentication. */
  security: SecurityRequirement[];
  deprecated: boolean;
  tags: string[];
}

/** A loaded, validated and dereferenced spec. */
export interface LoadedSpec {
  /** Absolute path of the spec file, or `<inline>`. */
  source: string;
  version: OpenApiVersion;
  /** The `openapi` field as written, e.g. `3.1.0`. */
  openapi: string;
  title: string;
  apiVersion: string;
  /** The dereferenced document (circular references stay as local `$ref`s). */
  document: Record<string, unknown>;
  /**
   * The document before dereferencing (OpenAPI 3.x; a Swagger 2.0 file in its converted form): Prism reads
   * path items from it, as a dereferenced document shares schemas so widely (Stripe's) that walking it as a
   * tree never ends. Undefined for specs given as an already loaded object.
   */
  rawDocument?: Record<string, unknown>;
  operations: Operation[];
  /** URLs of `servers`, variables replaced by their defaults, in spec order. */
  servers: string[];
  /** The version the file was written in when it was converted on load (`2.0` for Swagger 2.0); else undefined. */
  convertedFrom: string | undefined;
  /**
   * Operations that reach a `$ref` that does not resolve or a place that breaks the OpenAPI schema (only with
   * `isolateUnresolvedRefs` / `isolateInvalidParts`; the mock answers them 500 with the reason).
   */
  unservable?: UnservableOperation[];
  /** Places that break the OpenAPI schema, each with the operations that reach it (only with `isolateInvalidParts`). */
  invalidParts?: InvalidPart[];
}

/** One place where a spec breaks the OpenAPI schema, and the operations that reach it. */
export interface InvalidPart {
  /** JSON pointer in the file as written (a Swagger 2.0 file's own). */
  pointer: string;
  message: string;
  /** `METHOD /path` of each operation that reaches it; empty when none does. */
  routes: string[];
}

/** An operation the mock cannot serve, and why (one line). */
export interface UnservableOperation {
  /** `METHOD /path`, as routes are named. */
  route: string;
  reason: string;
  /** What makes it unservable: a `$ref` that does not resolve, or a place listed in `invalidParts`. */
  cause: 'unresolved-ref' | 'invalid-part';
}
