/**
 * Validators for an operation's path, query, header and cookie parameters
 * (OAS 4.8.12), over the values core/params/decode.ts read off the request
 * (already typed by their schemas, so no coercion here). Violations point at
 * `/query/limit`, `/path/id`, `/header/x-request-id`, `/cookie/session`.
 */
import type { ParameterValues } from '../params/decode.js';
import type { LoadedSpec, Operation, SchemaObject } from '../spec/types.js';
import { createSchemaCompiler } from './ajv.js';
import { createSchemaView } from './schema-view.js';
import { type SchemaViolation, toViolations } from './violations.js';

export type { ParameterValues } from '../params/decode.js';

/** Validates the parameters of one operation; returns [] when valid. */
export type ParameterValidator = (values: ParameterValues) => SchemaViolation[];

/** The parameter validator of an operation, by id; undefined for one without parameters. */
export interface ParameterValidators {
  get(operationId: string): ParameterValidator | undefined;
}

/** A validator per operation that declares parameters, each compiled on first use (large specs start fast). */
export function compileParameterValidators(spec: Pick<LoadedSpec, 'version' | 'operations'>): ParameterValidators {
  const ajv = createSchemaCompiler();
  const view = createSchemaView({ version: spec.version, direction: 'request', closed: false });
  const operations = new Map(spec.operations.map((operation) => [operation.id, operation]));
  const validators = new Map<string, ParameterValidator | undefined>();
  return {
    get(operationId) {
      if (!validators.has(operationId)) {
        const operation = operations.get(operationId);
        const schema = operation && parametersSchema(operation, view);
        const validate = schema && ajv.compile(schema);
        validators.set(
          operationId,
          validate ? (values) => (validate(values) ? [] : toViolations(validate.errors ?? [])) : undefined,
        );
      }
      return validators.get(operationId);
    },
  };
}

function parametersSchema(
  operation: Operation,
  view: (schema: SchemaObject) => SchemaObject,
): SchemaObject | undefined {
  const locations: Record<string, { properties: Record<string, SchemaObject>; required: string[] }> = {};
  for (const parameter of operation.parameters) {
    const location = (locations[parameter.in] ??= { properties: {}, required: [] });
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    location.properties[name] = parameter.schema ? view(parameter.schema) : {};
    if (parameter.required) location.required.push(name);
  }
  if (Object.keys(locations).length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(locations).map(([location, { properties, required }]) => [
        location,
        { type: 'object', properties, required },
      ]),
    ),
  };
}
