/**
 * Flatten a dereferenced OpenAPI document into operations (OAS 4.8.8 Path
 * Item, 4.8.10 Operation). Nothing here knows about /plants: every stage
 * downstream iterates this list, so a growing spec needs no code change.
 */
import { encodePointer } from '../json/json-pointer.js';
import { asArray, asRecord, readContent, readExamples } from './content.js';
import { readResponses } from './responses.js';
import type {
  Operation,
  OperationParameter,
  OperationRequestBody,
  ParameterLocation,
  SchemaObject,
  SecurityRequirement,
} from './types.js';

type Json = Record<string, unknown>;

/** HTTP methods a Path Item may hold (OAS 4.8.9). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Default serialisation style per location (OAS 4.8.12.4, `style`). */
const DEFAULT_STYLE: Record<ParameterLocation, string> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

/** Every operation of the document, in spec order. */
export function listOperations(document: Json): Operation[] {
  const operations: Operation[] = [];
  const paths = asRecord(document.paths);
  const schemes = asRecord(asRecord(document.components).securitySchemes);
  for (const [pathTemplate, rawItem] of Object.entries(paths)) {
    const item = asRecord(rawItem);
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (!raw || typeof raw !== 'object') continue;
      const operation = raw as Json;
      const pointer = encodePointer(['paths', pathTemplate, method]);
      operations.push({
        id:
          typeof operation.operationId === 'string' && operation.operationId !== ''
            ? operation.operationId
            : `${method.toUpperCase()} ${pathTemplate}`,
        method: method.toUpperCase(),
        path: pathTemplate,
        pointer,
        summary: typeof operation.summary === 'string' ? operation.summary : undefined,
        parameters: mergeParameters([
          [item.parameters, encodePointer(['paths', pathTemplate, 'parameters'])],
          [operation.parameters, `${pointer}/parameters`],
        ]),
        requestBody: readRequestBody(operation.requestBody, `${pointer}/requestBody`),
        responses: readResponses(operation.responses, `${pointer}/responses`),
        security: readSecurity(operation.security ?? document.security, schemes),
        deprecated: operation.deprecated === true,
        tags: asArray(operation.tags).filter((tag): tag is string => typeof tag === 'string'),
      });
    }
  }
  return dedupeIds(operations);
}

/** Two operations with the same operationId (an invalid spec, but seen in the wild) get `#2`, `#3` suffixes so ids stay keys. */
function dedupeIds(operations: Operation[]): Operation[] {
  const seen = new Map<string, number>();
  for (const operation of operations) {
    const count = (seen.get(operation.id) ?? 0) + 1;
    seen.set(operation.id, count);
    if (count > 1) operation.id = `${operation.id}#${count}`;
  }
  return operations;
}

/**
 * Header parameters a spec may not define: "If `in` is "header" and the `name` field is "Accept",
 * "Content-Type" or "Authorization", the parameter definition SHALL be ignored" (OAS 3.1 section 4.8.12.1;
 * 3.0 says the same). Media types and security schemes say what those headers carry.
 */
const IGNORED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/** Operation-level parameters override path-level ones with the same name and location (OAS 4.8.9.1). */
function mergeParameters(levels: Array<[unknown, string]>): OperationParameter[] {
  const merged = new Map<string, OperationParameter>();
  const all = levels.flatMap(([list, pointer]) =>
    asArray(list).map((raw, index) => [raw, `${pointer}/${index}`] as const),
  );
  for (const [raw, parameterPointer] of all) {
    const parameter = asRecord(raw);
    const location = parameter.in;
    if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') continue;
    const name = String(parameter.name);
    if (location === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) continue;
    // Header names are case-insensitive (RFC 9110 section 5.1): one parameter per name.
    merged.set(
      `${location}:${location === 'header' ? name.toLowerCase() : name}`,
      readParameter(parameter, location, name, parameterPointer),
    );
  }
  return [...merged.values()];
}

function readParameter(
  parameter: Json,
  location: ParameterLocation,
  name: string,
  pointer: string,
): OperationParameter {
  const style = typeof parameter.style === 'string' ? parameter.style : DEFAULT_STYLE[location];
  // A parameter may be described by one media type instead of a schema (OAS 4.8.12.2 `content`).
  const [media] = readContent(parameter.content, `${pointer}/content`);
  const examples = readExamples(parameter, pointer);
  return {
    name,
    in: location,
    pointer,
    required: location === 'path' || parameter.required === true,
    schema: (parameter.schema as SchemaObject | undefined) ?? media?.schema,
    examples: examples.length > 0 || !media ? examples : media.examples,
    style,
    explode: typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form',
    allowReserved: parameter.allowReserved === true,
    mediaType: parameter.schema === undefined ? media?.mediaType : undefined,
    deprecated: parameter.deprecated === true,
  };
}

function readRequestBody(raw: unknown, pointer: string): OperationRequestBody | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const body = raw as Json;
  return { required: body.required === true, content: readContent(body.content, `${pointer}/content`) };
}

/** Resolve security requirement names against components.securitySchemes (OAS 4.8.30). */
function readSecurity(raw: unknown, schemes: Json): SecurityRequirement[] {
  return asArray(raw).map((requirement) =>
    Object.entries(asRecord(requirement)).map(([name, scopes]) => {
      const scheme = asRecord(schemes[name]);
      return {
        name,
        type: String(scheme.type ?? 'unknown'),
        scheme: typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : undefined,
        in: typeof scheme.in === 'string' ? scheme.in : undefined,
        parameterName: typeof scheme.name === 'string' ? scheme.name : undefined,
        scopes: asArray(scopes).map(String),
      };
    }),
  );
}
