/**
 * Loading a spec: the one module that calls swagger-parser. It reads the
 * file, parses YAML with positions, validates the document against the
 * OpenAPI 3.0/3.1 schema, dereferences it and flattens the operations.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { SpecError } from '../errors.js';
import { parseYamlSource, type YamlSource } from '../yaml/yaml-source.js';
import { listOperations } from './operations.js';
import { linkCircularRefs } from './circular-refs.js';
import { createRefPolicy } from './ref-policy.js';
import type { LoadedSpec, OpenApiVersion } from './types.js';

/** Options of {@link loadSpec}. */
export interface LoadSpecOptions {
  /** Follow `$ref`s outside the spec's folder and over http(s). Default false. */
  allowExternalRefs?: boolean;
}

/** A spec given as a file path, or as an already parsed document (then `source` names it in messages). */
export type SpecInput = string | { document: Record<string, unknown>; source?: string };

/** Read, validate and dereference an OpenAPI 3.0.x or 3.1.x document. */
export async function loadSpec(input: SpecInput, options: LoadSpecOptions = {}): Promise<LoadedSpec> {
  const { document, source, yaml } = typeof input === 'string' ? await readSpecFile(input) : inlineSpec(input);
  const label = typeof input === 'string' ? input : source;
  const { version, openapi } = checkVersion(document, label);
  const root = source === '<inline>' ? process.cwd() : path.dirname(source);
  const parser = new SwaggerParser();
  const policy = createRefPolicy(root, options.allowExternalRefs ?? false);
  try {
    await parser.validate(source === '<inline>' ? path.join(root, 'inline.yaml') : source, document as never, {
      resolve: policy.resolverOptions,
      dereference: { circular: 'ignore' },
    } as never);
  } catch (error) {
    // json-schema-ref-parser wraps resolver errors and drops ours: the policy remembers it.
    throw policy.refusal() ?? describeParserError(error, label, yaml);
  }
  const dereferenced = parser.api as unknown as Record<string, unknown>;
  linkCircularRefs(dereferenced);
  const info = (dereferenced.info ?? {}) as Record<string, unknown>;
  return {
    source,
    version,
    openapi,
    title: String(info.title ?? ''),
    apiVersion: String(info.version ?? ''),
    document: dereferenced,
    operations: listOperations(dereferenced),
  };
}

async function readSpecFile(file: string): Promise<{ document: Record<string, unknown>; source: string; yaml: YamlSource }> {
  const source = path.resolve(file);
  let text: string;
  try {
    text = await readFile(source, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new SpecError('PLANTKIT_SPEC_UNREADABLE', `cannot read spec ${file}: ${reason}`, {
      hint: 'pass the path of an OpenAPI 3.0 or 3.1 file with --spec',
    });
  }
  const parsed = parseYamlSource(text);
  if (!parsed.ok) {
    const at = parsed.problem.position ? `:${parsed.problem.position.line}:${parsed.problem.position.column}` : '';
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${file}${at}: not valid YAML or JSON: ${parsed.problem.message}`);
  }
  const document = parsed.source.value;
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${file}: expected an OpenAPI document (a mapping), found ${describe(document)}`);
  }
  return { document: document as Record<string, unknown>, source, yaml: parsed.source };
}

function inlineSpec(input: { document: Record<string, unknown>; source?: string }) {
  return { document: structuredClone(input.document), source: input.source ?? '<inline>', yaml: undefined };
}

function checkVersion(document: Record<string, unknown>, label: string): { version: OpenApiVersion; openapi: string } {
  const openapi = document.openapi;
  if (document.swagger !== undefined) {
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${label}: Swagger ${String(document.swagger)} is not supported`, {
      hint: 'convert the document to OpenAPI 3.0 or 3.1 (e.g. with swagger2openapi)',
    });
  }
  if (typeof openapi !== 'string' || !/^3\.[01]\.\d+$/.test(openapi)) {
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${label}: field 'openapi' is ${describe(openapi)}, expected a string such as "3.1.0" or "3.0.3"`);
  }
  return { version: openapi.startsWith('3.1') ? '3.1' : '3.0', openapi };
}

/** Turn swagger-parser's errors into one clear SpecError. */
function describeParserError(error: unknown, label: string, yaml: YamlSource | undefined): SpecError {
  const details = (error as { details?: Array<{ instancePath?: string; message?: string; params?: Record<string, unknown> }> }).details;
  if (Array.isArray(details) && details.length > 0) {
    const first = mostSpecific(details);
    const pointer = first.instancePath ?? '';
    const position = yaml?.positionOf(pointer);
    const at = position ? `:${position.line}:${position.column}` : '';
    const extra = first.params?.additionalProperty ? ` '${String(first.params.additionalProperty)}'` : '';
    const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''}; run plantkit spec check for all)` : '';
    return new SpecError('PLANTKIT_SPEC_INVALID', `${label}${at}: invalid OpenAPI document at ${pointer || '/'}: ${first.message ?? 'invalid'}${extra}${more}`);
  }
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const code = /Error (opening|reading) file|ENOENT/.test(message) ? 'PLANTKIT_SPEC_UNREADABLE' : 'PLANTKIT_SPEC_INVALID';
  return new SpecError(code, `${label}: ${message.replace(/^Error resolving \$ref pointer "[^"]*"\.\s*/, '')}`);
}

/** Ajv reports the outermost `oneOf` failure first; the deepest pointer is the useful one. */
function mostSpecific<T extends { instancePath?: string; keyword?: string }>(details: T[]): T {
  const sorted = [...details].sort((a, b) => (b.instancePath ?? '').length - (a.instancePath ?? '').length);
  return sorted.find((detail) => detail.keyword !== 'oneOf' && detail.keyword !== 'anyOf' && detail.keyword !== 'if') ?? sorted[0]!;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value} ${JSON.stringify(value)}`;
}
