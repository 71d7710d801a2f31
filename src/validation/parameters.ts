/**
 * Validators for an operation's path, query and header parameters (OAS
 * 4.8.12). Parameters arrive as text, so this Ajv instance coerces
 * (`"12"` -> 12 for an integer schema). Violations point at
 * `/query/limit`, `/path/id`, `/header/x-request-id`.
 */
import type { LoadedSpec, Operation, SchemaObject } from '../spec/types.js';
import { createSchemaCompiler } from './ajv.js';
import { createSchemaView } from './schema-view.js';
import { toViolations, type SchemaViolation } from './violations.js';

/** Parameter values of one request, by location; header names lower-case. */
export interface ParameterValues {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  header: Record<string, string>;
}

/** Validates the parameters of one operation; returns [] when valid. */
export type ParameterValidator = (values: ParameterValues) => SchemaViolation[];

/** A validator per operation that declares parameters. */
export function compileParameterValidators(spec: LoadedSpec): Map<string, ParameterValidator> {
  const ajv = createSchemaCompiler({ coerceTypes: true });
  const view = createSchemaView({ version: spec.version, direction: 'request', closed: false });
  const validators = new Map<string, ParameterValidator>();
  for (const operation of spec.operations) {
    const schema = parametersSchema(operation, view);
    if (!schema) continue;
    const validate = ajv.compile(schema);
    validators.set(operation.id, (values) => {
      // Coercion writes into the data: validate a copy.
      const copy = { path: { ...values.path }, query: { ...values.query }, header: { ...values.header } };
      return validate(copy) ? [] : toViolations(validate.errors ?? []);
    });
  }
  return validators;
}

function parametersSchema(operation: Operation, view: (schema: SchemaObject) => SchemaObject): SchemaObject | undefined {
  const locations: Record<string, { properties: Record<string, SchemaObject>; required: string[] }> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie' || !parameter.schema) continue;
    const location = (locations[parameter.in] ??= { properties: {}, required: [] });
    const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
    location.properties[name] = view(parameter.schema);
    if (parameter.required) location.required.push(name);
  }
  if (Object.keys(locations).length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(locations).map(([location, { properties, required }]) => [location, { type: 'object', properties, required }])),
  };
}
