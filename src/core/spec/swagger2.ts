/**
 * Swagger 2.0 documents, converted to OpenAPI 3.0 on load: the one module
 * that imports swagger2openapi (the converter APIs.guru uses for its whole
 * collection). Every job then sees a 3.0 document; positions are reported in
 * the file as written, through {@link originalPointer}.
 */
import { createRequire } from 'node:module';
import { SpecError } from '../errors.js';
import { decodePointer, encodePointer, valueAt } from '../json/json-pointer.js';
import { keepFormEmptyValues } from './swagger2-empty-values.js';
import { dropExamplesOutsideProduces } from './swagger2-produces.js';

type Json = Record<string, unknown>;

interface Converter {
  convertObj(document: Json, options: Record<string, unknown>): Promise<{ openapi: Json }>;
}

let converter: Converter | undefined;

/** True for a Swagger 2.0 document (`swagger: "2.0"`). */
export function isSwagger2(document: Json): boolean {
  return document.swagger !== undefined;
}

/**
 * The OpenAPI 3.0 form of a Swagger 2.0 document. `patch` lets the converter
 * mend the small mistakes that are common in published 2.0 files (as Prism
 * does when it reads them); `$ref`s are left for swagger-parser, under
 * plantkit's `$ref` policy.
 */
export async function convertSwagger2(document: Json, label: string): Promise<Json> {
  if (String(document.swagger) !== '2.0') {
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${label}: Swagger ${String(document.swagger)} is not supported`, {
      hint: 'plantkit reads Swagger 2.0 and OpenAPI 3.0/3.1',
    });
  }
  converter ??= createRequire(import.meta.url)('swagger2openapi') as Converter;
  try {
    const { openapi } = await converter.convertObj(structuredClone(document), {
      patch: true,
      warnOnly: true,
      resolve: false,
      direct: false,
    });
    keepFormEmptyValues(document, openapi);
    dropExamplesOutsideProduces(document, openapi);
    return openapi;
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    throw new SpecError(
      'PLANTKIT_SPEC_INVALID',
      `${label}: cannot convert this Swagger 2.0 document to OpenAPI 3.0: ${message}`,
      { hint: "run 'plantkit spec check' on it" },
    );
  }
}

/**
 * Where a pointer into the converted 3.0 document is written in the 2.0
 * original (the converter moves definitions, body and form parameters,
 * response schemas and security definitions); the nearest ancestor that
 * exists in the original when there is no exact counterpart.
 */
export function originalPointer(original: Json, pointer: string): string {
  const tokens = decodePointer(pointer);
  const mapped = mapTokens(original, tokens);
  for (let length = mapped.length; length > 0; length -= 1) {
    const candidate = encodePointer(mapped.slice(0, length));
    if (valueAt(original, candidate) !== undefined) return candidate;
  }
  return '';
}

const COMPONENTS: Record<string, string> = {
  schemas: 'definitions',
  parameters: 'parameters',
  responses: 'responses',
  securitySchemes: 'securityDefinitions',
};

function mapTokens(original: Json, tokens: string[]): string[] {
  const [first, second, ...rest] = tokens;
  if (first === 'components' && second !== undefined && COMPONENTS[second]) return [COMPONENTS[second]!, ...rest];
  if (first === 'servers') return ['host'];
  if (first !== 'paths' || tokens.length < 4) return tokens;
  const [, path = '', method = '', section, ...tail] = tokens;
  const operation = [first, path, method];
  if (section === 'requestBody') return [...operation, ...bodyParameter(original, operation, tail)];
  if (section === 'responses') {
    const [status = '', part, ...more] = tail;
    if (part === 'content') return [...operation, 'responses', status, ...more.slice(1)];
    if (part === 'headers')
      return [...operation, 'responses', status, 'headers', ...more.filter((token) => token !== 'schema')];
    return tokens;
  }
  if (section === 'parameters') {
    const [index = '', part, ...more] = tail;
    const position = sameParameterIndex(original, operation, Number(index));
    return [
      ...operation,
      'parameters',
      String(position),
      ...(part === 'schema' ? more : part === undefined ? [] : [part, ...more]),
    ];
  }
  return tokens;
}

/** `requestBody/content/<type>/schema/properties/name` -> the body parameter's schema, or the formData parameter `name`. */
function bodyParameter(original: Json, operation: string[], tail: string[]): string[] {
  const parameters = ((valueAt(original, encodePointer(operation)) as Json | undefined)?.parameters ?? []) as Json[];
  const body = parameters.findIndex((parameter) => parameter?.in === 'body');
  const [, , part, ...more] = tail;
  if (body >= 0) return ['parameters', String(body), ...(part === 'schema' ? ['schema', ...more] : [])];
  if (part === 'schema' && more[0] === 'properties' && more[1] !== undefined) {
    const form = parameters.findIndex((parameter) => parameter?.in === 'formData' && parameter.name === more[1]);
    if (form >= 0) return ['parameters', String(form), ...more.slice(2)];
  }
  return ['parameters'];
}

/** The converter drops body and formData parameters, so indexes shift: find the original by position among the others. */
function sameParameterIndex(original: Json, operation: string[], index: number): number {
  const parameters = ((valueAt(original, encodePointer(operation)) as Json | undefined)?.parameters ?? []) as Json[];
  let seen = -1;
  for (const [position, parameter] of parameters.entries()) {
    if (parameter?.in === 'body' || parameter?.in === 'formData') continue;
    seen += 1;
    if (seen === index) return position;
  }
  return index;
}
