/**
 * The parts of a request the property phase generates: every parameter with
 * a schema (path, query, header, cookie, in every style; OAS 4.8.12) and the
 * body in the first media type a codec writes (request-body.ts). A generated
 * request is one value, an object keyed by part (`query:limit`,
 * `header:x-request-id`, `body`), so fast-check generates and shrinks all of
 * it at once, and boundary edges and mutations reach any part by pointer.
 */
import type { SchemaScope } from '../../core/generate/schema-facts.js';
import { allowedTypes, flatten } from '../../core/generate/schema-facts.js';
import { bodySites, type Site } from '../../core/generate/sites.js';
import { joinPointer } from '../../core/json/json-pointer.js';
import type { LoadedSpec, Operation, OperationParameter, SchemaObject } from '../../core/spec/types.js';
import type { SendableBody } from '../cases/request-body.js';
import { parameterKey } from '../cases/request-builder.js';
import { CLIENT_OWNED_HEADERS } from '../cases/request-parameters.js';

/** The key of the body in a request value. */
export const BODY_KEY = 'body';

/** A generated request before it is encoded: parameter values by `in:name`, and `body`. */
export type RequestValue = Record<string, unknown>;

/** One generated part of a request. */
export interface RequestPart {
  /** Key in the request value: `in:name` (as request-builder.ts keys parameters) or `body`. */
  key: string;
  /** JSON pointer of the part in the request value. */
  pointer: string;
  schema: SchemaObject;
  /** How its values are generated: header and cookie strings stay within what those headers carry. */
  scope: SchemaScope;
  required: boolean;
  /** The parameter this part is; undefined for the body. */
  parameter: OperationParameter | undefined;
  /** The part itself and the properties inside it, as boundary sites (pointers into the request value). */
  sites: Site[];
}

/** The parts of `operation` that take generated values; the body's when `body` is given. */
export function requestParts(operation: Operation, spec: LoadedSpec, body: SendableBody | undefined): RequestPart[] {
  const scope: SchemaScope = { document: spec.document, version: spec.version, direction: 'request' };
  const parts: RequestPart[] = [];
  for (const parameter of operation.parameters) {
    // Headers the client owns are never sent from the spec (request-parameters.ts says so once).
    if (!parameter.schema || (parameter.in === 'header' && CLIENT_OWNED_HEADERS.has(parameter.name.toLowerCase())))
      continue;
    const charset = parameter.in === 'header' || parameter.in === 'cookie' ? 'header' : 'any';
    const partScope: SchemaScope = { ...scope, charset, extraProperties: false };
    const label = `${parameter.in}/${parameter.name}`;
    parts.push(
      part(
        parameterKey(parameter),
        parameter.schema,
        partScope,
        parameter.required,
        parameter,
        label,
        `${parameter.in} parameter '${parameter.name}'`,
      ),
    );
  }
  // A body without a schema still has to be sent when it is required: any JSON value, or bytes.
  if (body)
    parts.push(
      part(
        BODY_KEY,
        body.media.schema ?? (body.codec.name === 'json' ? {} : { type: 'string', format: 'binary' }),
        scope,
        body.required,
        undefined,
        BODY_KEY,
        BODY_KEY,
      ),
    );
  return parts;
}

function part(
  key: string,
  schema: SchemaObject,
  scope: SchemaScope,
  required: boolean,
  parameter: OperationParameter | undefined,
  label: string,
  noun: string,
): RequestPart {
  const pointer = joinPointer('', key);
  const flat = flatten(schema, scope);
  const own: Site = {
    pointer,
    name: parameter?.name ?? BODY_KEY,
    label,
    noun,
    schema: flat,
    required,
    types: allowedTypes(flat, scope.version),
    ...(scope.charset ? { charset: scope.charset } : {}),
  };
  // Body properties keep the labels they had when only bodies were generated (`name`, `owner/id`).
  const inner = bodySites(schema, scope).map((site): Site => {
    const relative = site.pointer.slice(1);
    const innerLabel = parameter ? `${label}/${relative}` : relative;
    return {
      ...site,
      pointer: pointer + site.pointer,
      label: innerLabel,
      noun: parameter ? `${noun} ${relative}` : relative,
      ...(scope.charset ? { charset: scope.charset } : {}),
    };
  });
  return { key, pointer, schema, scope, required, parameter, sites: [own, ...inner] };
}

/** The pointer inside the body of a request-value pointer under `/body`, else undefined. */
export function bodyPointer(pointer: string): string | undefined {
  const prefix = `/${BODY_KEY}`;
  if (pointer === prefix) return '';
  return pointer.startsWith(`${prefix}/`) ? pointer.slice(prefix.length) : undefined;
}

/** Where a parameter's violations point (core/request/check-request.ts): `/query/limit`, `/header/x-request-id`. */
export function parameterPointer(parameter: OperationParameter): string {
  return `/${parameter.in}/${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
}
