/**
 * Validators for an operation's path, query, header and cookie parameters
 * (OAS 4.8.12), over the values params/decode.ts read off the request
 * (already typed by their schemas, so no coercion here). Violations point at
 * `/query/limit`, `/path/id`, `/header/x-request-id`, `/cookie/session`.
 */
import type { ParameterValues } from '../params/decode.js';
import type { LoadedSpec, Operation, SchemaObject } from '../spec/types.js';
import { createSchemaCompiler } from './ajv.js';
import { createSchemaView } from './schema-view.js';
import { toViolations, type SchemaViolation } from './violations.js';

export type { ParameterValues } from '../params/decode.js';

/** Validates the parameters of one operation; returns [] when valid. */
export type ParameterValidator = (values: ParameterValues) => SchemaViolation[];

/** A validator per operation that declares parameters. */
export function compileParameterValidators(spec: Pick<LoadedSpec, 'version' | 'operations'>): Map<string, ParameterValidator> {
  const ajv = createSchemaCompiler();
  const view = createSchemaView({ version: spec.version, direction: 'request', closed: false });
  const validators = new Map<string, ParameterValidator>();
  for (const operation of spec.operations) {
    const schema = parametersSchema(operation, view);
    if (!schema) continue;
    const validate = ajv.compile(schema);
    validators.set(operation.id, (values) => (validate(values) ? [] : toViolations(validate.errors ?? [])));
  }
  return validators;
}

function parametersSchema(operation: Operation, view: (schema: SchemaObject) => SchemaObject): SchemaObject | undefined {
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
    properties: Object.fromEntries(Object.entries(locations).map(([location, { properties, required }]) => [location, { type: 'object', properties, required }])),
  };
}
