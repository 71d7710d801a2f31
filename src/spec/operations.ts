/**
 * Flatten a dereferenced OpenAPI document into operations (OAS 4.8.8 Path
 * Item, 4.8.10 Operation). Nothing here knows about /plants: every stage
 * downstream iterates this list, so a growing spec needs no code change.
 */
import { encodePointer } from './json-pointer.js';
import type {
  MediaTypeContent,
  NamedExample,
  Operation,
  OperationParameter,
  OperationRequestBody,
  OperationResponse,
  SchemaObject,
  SecurityRequirement,
} from './types.js';

type Json = Record<string, unknown>;

/** HTTP methods a Path Item may hold (OAS 4.8.9). */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

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
        id: typeof operation.operationId === 'string' ? operation.operationId : `${method.toUpperCase()} ${pathTemplate}`,
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
      });
    }
  }
  return operations;
}

/** Operation-level parameters override path-level ones with the same name and location (OAS 4.8.9.1). */
function mergeParameters(levels: Array<[unknown, string]>): OperationParameter[] {
  const merged = new Map<string, OperationParameter>();
  const all = levels.flatMap(([list, pointer]) => asArray(list).map((raw, index) => [raw, `${pointer}/${index}`] as const));
  for (const [raw, parameterPointer] of all) {
    const parameter = asRecord(raw);
    const location = parameter.in as OperationParameter['in'];
    const name = String(parameter.name);
    merged.set(`${location}:${name}`, {
      name,
      in: location,
      pointer: parameterPointer,
      required: location === 'path' || parameter.required === true,
      schema: parameter.schema as SchemaObject | undefined,
      examples: readExamples(parameter, parameterPointer),
    });
  }
  return [...merged.values()];
}

function readRequestBody(raw: unknown, pointer: string): OperationRequestBody | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const body = raw as Json;
  return { required: body.required === true, content: readContent(body.content, `${pointer}/content`) };
}

function readResponses(raw: unknown, pointer: string): OperationResponse[] {
  return Object.entries(asRecord(raw)).map(([status, response]) => {
    const record = asRecord(response);
    return {
      status: status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase(),
      description: String(record.description ?? ''),
      content: readContent(record.content, `${pointer}${encodePointer([status, 'content'])}`),
    };
  });
}

function readContent(raw: unknown, pointer: string): MediaTypeContent[] {
  return Object.entries(asRecord(raw)).map(([mediaType, value]) => {
    const media = asRecord(value);
    const mediaPointer = `${pointer}${encodePointer([mediaType])}`;
    return {
      mediaType,
      schema: media.schema as SchemaObject | undefined,
      examples: readExamples(media, mediaPointer),
      schemaPointer: `${mediaPointer}/schema`,
    };
  });
}

/** `example` and `examples` of a Media Type or Parameter Object (OAS 4.8.14.1); `externalValue` is not fetched. */
function readExamples(holder: Json, pointer: string): NamedExample[] {
  const examples: NamedExample[] = [];
  if (holder.example !== undefined) examples.push({ name: 'example', value: holder.example, pointer: `${pointer}/example` });
  for (const [name, raw] of Object.entries(asRecord(holder.examples))) {
    const example = asRecord(raw);
    if ('value' in example) examples.push({ name, value: example.value, pointer: `${pointer}${encodePointer(['examples', name, 'value'])}` });
  }
  return examples;
}

/** Resolve security requirement names against components.securitySchemes (OAS 4.8.30). */
function readSecurity(raw: unknown, schemes: Json): SecurityRequirement[] {
  return asArray(raw).map((requirement) =>
    Object.keys(asRecord(requirement)).map((name) => {
      const scheme = asRecord(schemes[name]);
      return {
        name,
        type: String(scheme.type ?? 'unknown'),
        scheme: typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : undefined,
        in: typeof scheme.in === 'string' ? scheme.in : undefined,
        parameterName: typeof scheme.name === 'string' ? scheme.name : undefined,
      };
    }),
  );
}

function asRecord(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
