/**
 * A spec as text and as a plain value, before any OpenAPI validation: the
 * stage every spec command starts from. Reading faults (missing file, a
 * directory, not YAML, not a mapping) are SpecErrors, so the CLI exits 2.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SpecError } from '../errors.js';
import { preview } from '../findings.js';
import { parseYamlSource, type YamlSource } from '../yaml/yaml-source.js';

/** The spec file every command uses unless told otherwise. */
export const DEFAULT_SPEC_FILE = 'openapi.yaml';

/** A spec file read and parsed, with positions. */
export interface SpecSource {
  /** Absolute path the spec's relative `$ref`s resolve against (virtual for a git revision). */
  path: string;
  /** How messages name the spec: the path as the user gave it, or `REV:path`. */
  label: string;
  text: string;
  yaml: YamlSource;
  /** The parsed document (always a mapping). */
  document: Record<string, unknown>;
}

/** Read and parse the spec file `file` (relative to `cwd`); `hint` is appended to the fault when it cannot be read. */
export async function readSpecSource(
  file: string,
  hint = 'pass the path of an OpenAPI 3.0 or 3.1 file',
  cwd = process.cwd(),
): Promise<SpecSource> {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    throw new SpecError('PLANTKIT_SPEC_UNREADABLE', `cannot read spec ${file}: ${readFailure(error)}`, { hint });
  }
  return parseSpecSource(text, absolute, file);
}

/** Parse spec text that came from elsewhere (a git revision); `specPath` anchors its relative `$ref`s. */
export function parseSpecSource(text: string, specPath: string, label: string): SpecSource {
  const parsed = parseYamlSource(text);
  if (!parsed.ok) {
    const at = parsed.problem.position ? `:${parsed.problem.position.line}:${parsed.problem.position.column}` : '';
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${label}${at}: not valid YAML or JSON: ${parsed.problem.message}`);
  }
  const document = parsed.source.value;
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new SpecError(
      'PLANTKIT_SPEC_INVALID',
      `${label}: expected an OpenAPI document (a mapping), found ${describeValueKind(document)}`,
    );
  }
  return { path: specPath, label, text, yaml: parsed.source, document: document as Record<string, unknown> };
}

/** `missing`, `null`, `a list`, `"text"`, `number 3`: what stands where a mapping or field was expected. */
export function describeValueKind(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  // Quoted input is cut: a binary file read as a spec is one long string.
  return typeof value === 'string' ? preview(value, 60) : `${typeof value} ${preview(value, 60)}`;
}

function readFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}
