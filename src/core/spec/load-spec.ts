/**
 * Loading a spec: the one module that calls swagger-parser. It reads the
 * file, parses YAML with positions, validates the document against the
 * OpenAPI 3.0/3.1 schema, dereferences it and flattens the operations.
 * `inspectSpec` dereferences for the spec checks and the spec diff, and
 * returns every unresolved `$ref` as data instead of throwing the first.
 */
import path from 'node:path';
import { isPlantkitError, SpecError } from '../errors.js';
import { cloneJson } from '../json/exact-json.js';
import type { YamlSource } from '../yaml/yaml-source.js';
import { linkCircularRefs, linkRef } from './circular-refs.js';
import { type IsolatedParts, isolateInvalidParts } from './invalid-parts.js';
import { dereferenceLocally } from './local-dereference.js';
import { validateOpenApiDocument } from './meta-schema.js';
import { describeMetaSchemaErrors, type StructuralProblem } from './meta-schema-errors.js';
import { listOperations } from './operations.js';
import { type RefReader, refResolverOptions } from './ref-policy.js';
import { nameComponentSchemas } from './schema-names.js';
import { serverUrls } from './servers.js';
import { describeValueKind, readSpecSource, type SpecSource } from './spec-source.js';
import { loadSwaggerParser } from './swagger-parser.js';
import { convertSwagger2, isSwagger2, originalPointer } from './swagger2.js';
import type { LoadedSpec, OpenApiVersion, UnservableOperation } from './types.js';
import { fillUnresolved, type UnresolvedHolders, unresolvedRefsOf, unservableOperations } from './unresolved-refs.js';

export type { StructuralProblem } from './meta-schema-errors.js';

/** swagger-parser, loaded on first use: a spec whose `$ref`s are all plain local pointers never needs it (about 60 ms of CPU). */
let swaggerParserClass: ReturnType<typeof loadSwaggerParser> | undefined;
const newSwaggerParser = () => new (swaggerParserClass ??= loadSwaggerParser())();

/** Options of {@link loadSpec}. */
export interface LoadSpecOptions {
  /** Follow `$ref`s outside the spec's folder and over http(s). Default false. */
  allowExternalRefs?: boolean;
  /**
   * Load a spec whose `$ref`s do not all resolve: the operations that reach
   * one are listed in `unservable` (the mock serves the rest) instead of the
   * load failing. Default false: the runner, the proxy and the checks need
   * the whole spec.
   */
  isolateUnresolvedRefs?: boolean;
  /**
   * Load a spec that breaks the OpenAPI schema in places (a schema's `examples`
   * that is not an array, a `type` that is no type name): each place is listed
   * in `invalidParts` with the operations that reach it, and those operations
   * in `unservable`, instead of the load failing. Default false, as above.
   */
  isolateInvalidParts?: boolean;
}

/** A spec given as a file path, or as an already parsed document (then `source` names it in messages). */
export type SpecInput = string | { document: Record<string, unknown>; source?: string };

/**
 * Read, validate and dereference an OpenAPI 3.0.x or 3.1.x document. The
 * document is validated as written, with the precompiled OpenAPI
 * meta-schema validators (swagger-parser's own validation compiles the
 * meta-schema on every call: about 0.3-0.5 s of every mock start, hot
 * reload and contract run); swagger-parser then only dereferences.
 */
export async function loadSpec(input: SpecInput, options: LoadSpecOptions = {}): Promise<LoadedSpec> {
  const read = typeof input === 'string' ? await readSpecFile(input) : inlineSpec(input);
  const { source, yaml } = read;
  const label = typeof input === 'string' ? input : source;
  const convertedFrom = isSwagger2(read.document) ? String(read.document.swagger) : undefined;
  const document = convertedFrom ? await convertSwagger2(read.document, label) : read.document;
  const { version, openapi } = checkVersion(document, label);
  // A pattern JavaScript cannot compile is `plantkit spec check`'s business; here it is not checked (core/validation/pattern.ts).
  const problems = describeMetaSchemaErrors(validateOpenApiDocument(document, version)).filter(
    (problem) => !/must match format "regex"/.test(problem.message),
  );
  const shown = (pointer: string) => (convertedFrom ? originalPointer(read.document, pointer) : pointer);
  if (problems.length > 0 && !options.isolateInvalidParts)
    throw structureError(
      problems.map((problem) => ({ ...problem, pointer: shown(problem.pointer) })),
      label,
      yaml,
    );
  const isolated = problems.length > 0 ? isolateInvalidParts(document, problems, shown) : undefined;
  const root = source === '<inline>' ? process.cwd() : path.dirname(source);
  // Dereferencing rewrites the document in place: keep it as written for Prism (prism-engine.ts).
  const rawDocument = cloneJson(document);
  // Plain local `$ref`s are dereferenced here (local-dereference.ts); a document it declines may be partly rewritten.
  const circularRefs = dereferenceLocally(document);
  const { dereferenced, holders } = circularRefs
    ? { dereferenced: document, holders: undefined }
    : await swaggerParserDereference(cloneJson(rawDocument), source, root, label, options);
  if (circularRefs) for (const { ref, target } of circularRefs) linkRef(ref, target);
  else linkCircularRefs(dereferenced);
  nameComponentSchemas(dereferenced);
  const info = (dereferenced.info ?? {}) as Record<string, unknown>;
  const operations = listOperations(dereferenced);
  return {
    source,
    version,
    openapi,
    title: String(info.title ?? ''),
    apiVersion: String(info.version ?? ''),
    document: dereferenced,
    rawDocument,
    operations,
    servers: serverUrls(dereferenced),
    convertedFrom,
    ...isolatedOperations(holders && unservableOperations(dereferenced, holders, operations), isolated),
  };
}

/** swagger-parser's dereference: external files, `$ref` siblings, unresolved `$ref`s (listed when isolating them). */
async function swaggerParserDereference(
  document: Record<string, unknown>,
  source: string,
  root: string,
  label: string,
  options: LoadSpecOptions,
): Promise<{ dereferenced: Record<string, unknown>; holders?: UnresolvedHolders }> {
  const parser = newSwaggerParser();
  const refusals: SpecError[] = [];
  let holders: UnresolvedHolders | undefined;
  try {
    await parser.dereference(
      source === '<inline>' ? path.join(root, 'inline.yaml') : source,
      document as never,
      {
        resolve: refResolverOptions(root, options.allowExternalRefs ?? false, undefined, refusals),
        dereference: { circular: 'ignore' },
        ...(options.isolateUnresolvedRefs ? { continueOnError: true } : {}),
      } as never,
    );
  } catch (error) {
    if (refusals[0]) throw refusals[0];
    const failures = options.isolateUnresolvedRefs ? unresolvedRefsOf(error) : undefined;
    if (!failures || !parser.api) throw describeParserError(error, label);
    holders = fillUnresolved(parser.api as unknown as Record<string, unknown>, failures);
  }
  return { dereferenced: parser.api as unknown as Record<string, unknown>, holders };
}

/** The `unservable` and `invalidParts` fields: absent when nothing is isolated, each operation listed once. */
function isolatedOperations(
  unresolved: UnservableOperation[] | undefined,
  invalid: IsolatedParts | undefined,
): Pick<LoadedSpec, 'unservable' | 'invalidParts'> {
  if (!unresolved && !invalid) return {};
  const unservable = [...(unresolved ?? [])];
  for (const operation of invalid?.unservable ?? [])
    if (!unservable.some((listed) => listed.route === operation.route)) unservable.push(operation);
  return { unservable, ...(invalid ? { invalidParts: invalid.parts } : {}) };
}

/** The first structural problem, with its position, as one SpecError line. */
function structureError(problems: StructuralProblem[], label: string, yaml: YamlSource | undefined): SpecError {
  const [first] = problems;
  const position = yaml?.positionOf(first!.pointer);
  const at = position ? `:${position.line}:${position.column}` : '';
  const more =
    problems.length > 1
      ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''}; run plantkit spec check for all)`
      : '';
  return new SpecError(
    'PLANTKIT_SPEC_INVALID',
    `${label}${at}: invalid OpenAPI document at ${first!.pointer || '/'}: ${first!.message}${more}`,
  );
}

/** Options of {@link inspectSpec}. */
export interface InspectSpecOptions {
  /** Follow `$ref`s outside the spec's folder and over http(s). Default false. */
  allowExternalRefs?: boolean;
  /** Reads files that relative `$ref`s name (default: the disk), e.g. from a git revision. */
  readRef?: RefReader;
}

/** What swagger-parser makes of a spec: unresolved `$ref`s as data, and the dereferenced document. */
export interface SpecInspection {
  version: OpenApiVersion;
  /** The `openapi` field as written, e.g. `3.1.0`. */
  openapi: string;
  /** `$ref`s that do not resolve, at the pointer of each Reference Object. */
  problems: StructuralProblem[];
  /** The dereferenced document (circular `$ref`s stay local refs); undefined when a `$ref` does not resolve. */
  document: Record<string, unknown> | undefined;
}

/**
 * Dereference a parsed spec, collecting every `$ref` that does not resolve
 * (the meta-schema is the structure check's business). Throws only when the
 * input is not an OpenAPI 3.0/3.1 document at all, or when the `$ref` policy
 * refuses a reference (faults, exit 2).
 */
export async function inspectSpec(source: SpecSource, options: InspectSpecOptions): Promise<SpecInspection> {
  const converted = isSwagger2(source.document) ? await convertSwagger2(source.document, source.label) : undefined;
  const { version, openapi } = checkVersion(converted ?? source.document, source.label);
  // A fresh copy, dereferenced in place; numbers keep their exact text.
  const working = cloneJson(converted ?? source.document);
  if (dereferenceLocally(working)) return { version, openapi, problems: [], document: working };
  // Declined (and maybe partly rewritten): swagger-parser takes a copy of its own.
  const parsed = converted ?? cloneJson(source.document);
  const parser = newSwaggerParser();
  const refusals: SpecError[] = [];
  const parserOptions = {
    resolve: refResolverOptions(
      path.dirname(source.path),
      options.allowExternalRefs ?? false,
      options.readRef,
      refusals,
    ),
    dereference: { circular: 'ignore' },
    continueOnError: true,
  };
  try {
    await parser.dereference(source.path, parsed as never, parserOptions as never);
  } catch (error) {
    const refused = refusals[0] ?? findPlantkitError(error);
    if (refused) throw refused;
    const problems = unresolvedRefsOf(error)?.map(({ pointer, message }) => ({
      rule: 'ref' as const,
      pointer,
      message,
    })) ?? [{ rule: 'ref' as const, pointer: '', message: firstLine(error) }];
    return { version, openapi, problems, document: undefined };
  }
  return { version, openapi, problems: [], document: parser.api as unknown as Record<string, unknown> };
}

function firstLine(error: unknown): string {
  return ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '').trim();
}

async function readSpecFile(
  file: string,
): Promise<{ document: Record<string, unknown>; source: string; yaml: YamlSource }> {
  const read = await readSpecSource(file, 'pass the path of an OpenAPI 3.0 or 3.1 file with --spec');
  return { document: read.document, source: read.path, yaml: read.yaml };
}

function inlineSpec(input: { document: Record<string, unknown>; source?: string }) {
  return { document: structuredClone(input.document), source: input.source ?? '<inline>', yaml: undefined };
}

/** The OpenAPI line of a parsed (or converted) document; a SpecError (exit 2) when it is not OpenAPI 3.0/3.1 at all. */
export function checkVersion(
  document: Record<string, unknown>,
  label: string,
): { version: OpenApiVersion; openapi: string } {
  const openapi = document.openapi;
  if (typeof openapi !== 'string' || !/^3\.[01]\.\d+$/.test(openapi)) {
    throw new SpecError(
      'PLANTKIT_SPEC_INVALID',
      `${label}: field 'openapi' is ${describeValueKind(openapi)}, expected a string such as "3.1.0" or "3.0.3"`,
    );
  }
  return { version: openapi.startsWith('3.1') ? '3.1' : '3.0', openapi };
}

/** Turn swagger-parser's dereferencing errors (unresolvable `$ref`s, unreadable files) into one clear SpecError. */
function describeParserError(error: unknown, label: string): SpecError {
  const refused = findPlantkitError(error);
  if (refused) return refused as SpecError;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const code = /Error (opening|reading) file|ENOENT/.test(message)
    ? 'PLANTKIT_SPEC_UNREADABLE'
    : 'PLANTKIT_SPEC_INVALID';
  return new SpecError(code, `${label}: ${message.replace(/^Error resolving \$ref pointer "[^"]*"\.\s*/, '')}`);
}

function findPlantkitError(error: unknown): unknown {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (isPlantkitError(current)) return current;
    const nested = current as { cause?: unknown; originalError?: unknown; errors?: unknown[] };
    current = nested.cause ?? nested.originalError ?? nested.errors?.[0];
  }
  return undefined;
}
