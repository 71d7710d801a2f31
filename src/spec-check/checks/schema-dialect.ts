/**
 * OAS 3.1 Schema Objects are JSON Schema 2020-12 (OAS 3.1.0 section 4.8.24),
 * but the OAS 3.1 meta-schema swagger-parser bundles accepts any object as a
 * schema. So each schema, as written, is validated here against the 2020-12
 * meta-schema with the project's one Ajv. (OAS 3.0's meta-schema describes
 * Schema Objects itself, so 3.0 needs nothing extra.)
 */
import { encodePointer, joinPointer } from '../../spec/json-pointer.js';
import { describeMetaSchemaErrors, type MetaSchemaError } from '../../spec/meta-schema-errors.js';
import { HTTP_METHODS } from '../../spec/operations.js';
import { createSchemaCompiler } from '../../validation/ajv.js';
import type { ProblemReport } from '../locate.js';

type Json = Record<string, unknown>;

/** Problems of every 3.1 Schema Object written in `raw`, one per location. */
export function schemaDialectProblems(raw: Json): ProblemReport[] {
  const ajv = createSchemaCompiler();
  const problems: ProblemReport[] = [];
  const reported = new Set<string>();
  for (const { pointer, schema } of schemaSites(raw)) {
    if (typeof schema !== 'object' || schema === null || isValidSchema(ajv, schema)) continue;
    const errors = (ajv.errors ?? []).map((error): MetaSchemaError => ({ ...error, instancePath: pointer + error.instancePath }));
    for (const problem of describeMetaSchemaErrors(errors)) {
      if (reported.has(problem.pointer)) continue;
      reported.add(problem.pointer);
      problems.push({ check: 'structure', rule: 'schema-dialect', severity: 'error', pointer: problem.pointer, message: `invalid JSON Schema: ${problem.message}` });
    }
  }
  return problems;
}

/** A schema naming another dialect in `$schema` is that dialect's business, not checked here. */
function isValidSchema(ajv: ReturnType<typeof createSchemaCompiler>, schema: object): boolean {
  try {
    return ajv.validateSchema(schema) === true;
  } catch {
    return true;
  }
}

/** Where Schema Objects sit in an OpenAPI document (not inside other schemas: Ajv walks those). */
function* schemaSites(raw: Json): Generator<{ pointer: string; schema: unknown }> {
  const components = record(raw.components);
  for (const [name, schema] of Object.entries(record(components.schemas))) yield { pointer: joinPointer('/components/schemas', name), schema };
  for (const [name, parameter] of Object.entries(record(components.parameters))) yield* parameterSites(parameter, joinPointer('/components/parameters', name));
  for (const [name, header] of Object.entries(record(components.headers))) yield* parameterSites(header, joinPointer('/components/headers', name));
  for (const [name, body] of Object.entries(record(components.requestBodies))) yield* contentSites(record(body).content, joinPointer('/components/requestBodies', name, 'content'));
  for (const [name, response] of Object.entries(record(components.responses))) yield* responseSites(response, joinPointer('/components/responses', name));
  for (const [template, item] of Object.entries(record(raw.paths))) {
    const itemPointer = joinPointer('/paths', template);
    yield* listSites(record(item).parameters, `${itemPointer}/parameters`);
    for (const method of HTTP_METHODS) {
      const operation = record(record(item)[method]);
      const at = `${itemPointer}/${method}`;
      yield* listSites(operation.parameters, `${at}/parameters`);
      yield* contentSites(record(operation.requestBody).content, `${at}/requestBody/content`);
      for (const [status, response] of Object.entries(record(operation.responses))) yield* responseSites(response, `${at}${encodePointer(['responses', status])}`);
    }
  }
}

function* listSites(list: unknown, pointer: string): Generator<{ pointer: string; schema: unknown }> {
  if (Array.isArray(list)) for (const [index, parameter] of list.entries()) yield* parameterSites(parameter, `${pointer}/${index}`);
}

function* parameterSites(parameter: unknown, pointer: string): Generator<{ pointer: string; schema: unknown }> {
  const value = record(parameter);
  if (value.schema !== undefined) yield { pointer: `${pointer}/schema`, schema: value.schema };
  yield* contentSites(value.content, `${pointer}/content`);
}

function* responseSites(response: unknown, pointer: string): Generator<{ pointer: string; schema: unknown }> {
  yield* contentSites(record(response).content, `${pointer}/content`);
  for (const [name, header] of Object.entries(record(record(response).headers))) yield* parameterSites(header, joinPointer(pointer, 'headers', name));
}

function* contentSites(content: unknown, pointer: string): Generator<{ pointer: string; schema: unknown }> {
  for (const [mediaType, media] of Object.entries(record(content))) {
    const schema = record(media).schema;
    if (schema !== undefined) yield { pointer: joinPointer(pointer, mediaType, 'schema'), schema };
  }
}

function record(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}
