/**
 * Reading the spec diff's own YAML files (the config and the ignore file)
 * with positions, so every complaint names file, line and column, and what
 * to write instead.
 */

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DiffConfigError } from '../../core/errors.js';
import { closestName } from '../../core/text/closest-name.js';
import { parseYamlSource, type YamlSource } from '../../core/yaml/yaml-source.js';

/** A parsed policy file: its value, and a way to say where a pointer is. */
export interface PolicyFile {
  /** As the user named it (relative to cwd). */
  label: string;
  /** Absolute path. */
  path: string;
  value: unknown;
  /** `file:line:column` of the node at `pointer` (its key with `of: 'key'`). */
  at(pointer: string, of?: 'value' | 'key'): string;
  /** The same as a record. */
  locate(pointer: string, of?: 'value' | 'key'): PolicyLocation;
}

/** A place in a policy file (1-based line and column). */
export interface PolicyLocation {
  file: string;
  line: number;
  column: number;
}

/** Read and parse `file` (relative to `cwd`); a missing file or bad YAML is a DiffConfigError. */
export async function readPolicyFile(file: string, cwd: string, what: string): Promise<PolicyFile> {
  const absolute = path.resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new DiffConfigError(`cannot read ${what} ${file}: ${reason}`);
  }
  const parsed = parseYamlSource(text);
  if (!parsed.ok) {
    const where = parsed.problem.position ? `:${parsed.problem.position.line}:${parsed.problem.position.column}` : '';
    throw new DiffConfigError(`${file}${where}: not valid YAML: ${parsed.problem.message}`);
  }
  const locate = locator(file, parsed.source);
  const at = (pointer: string, of?: 'value' | 'key') => {
    const { line, column } = locate(pointer, of);
    return `${file}:${line}:${column}`;
  };
  return { label: file, path: absolute, value: parsed.source.value, at, locate };
}

function locator(label: string, source: YamlSource): PolicyFile['locate'] {
  return (pointer, of = 'value') => {
    const position = source.positionOf(pointer, of) ?? { line: 1, column: 1 };
    return { file: label, line: position.line, column: position.column };
  };
}

/** The known name closest to `name` (a typo), or undefined when none is close. */
export const closest = closestName;

/** Is `value` a YAML mapping? */
export function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
