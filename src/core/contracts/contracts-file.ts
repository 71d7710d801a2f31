/**
 * contracts/: one YAML file per operation holding what a spec cannot say,
 * e.g. "a created plant has the name and tag it was sent with". Files are
 * validated against CONTRACTS_FILE_SCHEMA; a bad file stops the run with its
 * path, line, column and field.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ContractsError } from '../errors.js';
import type { LoadedSpec } from '../spec/types.js';
import { closestName } from '../text/closest-name.js';
import { createSchemaCompiler } from '../validation/ajv.js';
import { type SchemaViolation, toViolations } from '../validation/violations.js';
import { parseYamlSource } from '../yaml/yaml-source.js';

/** One named request of a contracts file. */
export interface Scenario {
  name: string;
  /** `name` as an id segment: lower case, dashes. */
  slug: string;
  /** The file it came from, relative to the working directory. */
  file: string;
  body: unknown;
  rawBody: string | undefined;
  contentType: string | undefined;
  auth: boolean;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  status: number;
  /** JSON pointers of response fields that must equal the request's. */
  echo: string[];
}

/** The format of a contracts file (JSON Schema 2020-12). */
const CONTRACTS_FILE_SCHEMA = {
  type: 'object',
  required: ['operation', 'requests'],
  additionalProperties: false,
  properties: {
    operation: { type: 'string', minLength: 1, description: 'operationId, or "METHOD /path"' },
    description: { type: 'string' },
    requests: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['name', 'expect'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1 },
          body: true,
          rawBody: { type: 'string' },
          contentType: { type: 'string', minLength: 1 },
          auth: { type: 'boolean' },
          path: { type: 'object' },
          query: { type: 'object' },
          headers: { type: 'object', additionalProperties: { type: 'string' } },
          expect: {
            type: 'object',
            required: ['status'],
            additionalProperties: false,
            properties: {
              status: { type: 'integer', minimum: 100, maximum: 599 },
              echo: { type: 'array', items: { type: 'string', minLength: 1 } },
            },
          },
        },
        not: { required: ['body', 'rawBody'] },
      },
    },
  },
} as const;

let validateFile: ReturnType<ReturnType<typeof createSchemaCompiler>['compile']> | undefined;

/**
 * Scenarios of every `*.yaml`/`*.yml` file in `directory`, by operation id.
 * A missing directory means no scenarios unless `required` (the user named it).
 */
export async function loadScenarios(
  directory: string,
  spec: LoadedSpec,
  required = false,
): Promise<Map<string, Scenario[]>> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => /\.ya?ml$/i.test(name)).sort();
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw new ContractsError(`cannot read contracts directory ${directory}: ${(error as Error).message}`);
  }
  const byOperation = new Map<string, Scenario[]>();
  for (const name of names) {
    const file = path.relative(process.cwd(), path.join(directory, name)) || name;
    const { operationId, scenarios } = await loadFile(path.join(directory, name), file, spec);
    byOperation.set(operationId, [...(byOperation.get(operationId) ?? []), ...scenarios]);
  }
  return byOperation;
}

/** The message for one schema violation of a contracts file, with a "did you mean" for unknown fields. */
function describeProblem(violation: SchemaViolation | undefined, pointer: string): string {
  if (!violation) return 'is invalid';
  if (violation.keyword === 'not') return "give either 'body' or 'rawBody', not both";
  if (violation.keyword !== 'additionalProperties') return violation.message;
  const field = pointer.split('/').pop() ?? '';
  const known = knownFields(pointer);
  const closest = closestName(field, known);
  const suggestion = closest ? `; did you mean '${closest}'?` : '';
  return `is not a contracts file field (known here: ${known.join(', ')})${suggestion}`;
}

/** Field names the contracts schema allows beside the field at `pointer`. */
function knownFields(pointer: string): string[] {
  const depth = pointer.split('/').length - 1;
  const request = CONTRACTS_FILE_SCHEMA.properties.requests.items;
  if (depth <= 1) return Object.keys(CONTRACTS_FILE_SCHEMA.properties);
  if (depth === 3) return Object.keys(request.properties);
  return Object.keys(request.properties.expect.properties);
}

async function loadFile(
  absolute: string,
  file: string,
  spec: LoadedSpec,
): Promise<{ operationId: string; scenarios: Scenario[] }> {
  const parsed = parseYamlSource(await readFile(absolute, 'utf8'));
  if (!parsed.ok) {
    const at = parsed.problem.position ? `:${parsed.problem.position.line}:${parsed.problem.position.column}` : '';
    throw new ContractsError(`${file}${at}: not valid YAML: ${parsed.problem.message}`);
  }
  const value = parsed.source.value as { operation: string; requests: Array<Record<string, unknown>> };
  validateFile ??= createSchemaCompiler().compile(CONTRACTS_FILE_SCHEMA);
  if (!validateFile(value)) {
    // A misspelt field also makes the real one "missing": report the misspelling.
    const violations = toViolations(validateFile.errors ?? []);
    const first = violations.find((violation) => violation.keyword === 'additionalProperties') ?? violations[0];
    const pointer = first?.pointer ?? '';
    const position =
      first?.keyword === 'required'
        ? parsed.source.positionOf(pointer.replace(/\/[^/]*$/, ''))
        : parsed.source.positionOf(pointer, first?.keyword === 'additionalProperties' ? 'key' : 'value');
    const at = position ? `:${position.line}:${position.column}` : '';
    throw new ContractsError(
      `${file}${at}: ${pointer || '/'} ${describeProblem(first, pointer)}`,
      'see "contracts/ files" in docs/contract.md for the format',
    );
  }
  const operation = spec.operations.find((candidate) => candidate.id === value.operation);
  if (!operation) {
    const position = parsed.source.positionOf('/operation');
    const known = spec.operations.map((candidate) => candidate.id).join(', ');
    throw new ContractsError(
      `${file}:${position?.line ?? 1}:${position?.column ?? 1}: /operation '${value.operation}' is not an operation of the spec (known: ${known})`,
    );
  }
  const seen = new Set<string>();
  const scenarios = value.requests.map((request, index) => {
    const name = String(request.name);
    const slug =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || String(index);
    if (seen.has(slug))
      throw new ContractsError(`${file}: /requests/${index}/name '${name}' is used twice in this file`);
    seen.add(slug);
    const expect = request.expect as { status: number; echo?: string[] };
    return {
      name,
      slug,
      file,
      body: request.body,
      rawBody: request.rawBody as string | undefined,
      contentType: request.contentType as string | undefined,
      auth: request.auth !== false,
      path: (request.path ?? {}) as Record<string, unknown>,
      query: (request.query ?? {}) as Record<string, unknown>,
      headers: (request.headers ?? {}) as Record<string, string>,
      status: expect.status,
      echo: (expect.echo ?? []).map((field) => (field.startsWith('/') ? field : `/${field}`)),
    };
  });
  return { operationId: operation.id, scenarios };
}
