/**
 * One side of a diff, loaded: read (a file or a git revision, spec-input.ts),
 * dereferenced and its operations listed. diffSpecs loads both sides, and so
 * does the worker thread that walks part of a large comparison (walk-split.ts).
 */
import { SpecError } from '../core/errors.js';
import { inspectSpec } from '../core/spec/load-spec.js';
import { listOperations } from '../core/spec/operations.js';
import { readSpecInput, type SpecInput } from './spec-input.js';
import type { ComparedSpec } from './types.js';

/** What loading needs of the diff's options. */
export interface LoadSettings {
  cwd: string;
  allowExternalRefs: boolean;
}

/** Read, dereference and list the operations of `name` (a file or `REV:PATH`). */
export async function loadForDiff(name: string, settings: LoadSettings): Promise<ComparedSpec> {
  return inspectForDiff(name, await readSpecInput(name, settings.cwd), settings);
}

/** Dereference the spec `input` read from `name` and list its operations; a spec that cannot be is a SpecError. */
export async function inspectForDiff(name: string, input: SpecInput, settings: LoadSettings): Promise<ComparedSpec> {
  const { source, readRef } = input;
  const inspection = await inspectSpec(source, { allowExternalRefs: settings.allowExternalRefs, readRef });
  if (!inspection.document) {
    const first = inspection.problems[0];
    const position = first ? source.yaml.positionOf(first.pointer) : undefined;
    const at = position ? `:${position.line}:${position.column}` : '';
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${name}${at}: ${first?.message ?? 'cannot be dereferenced'}`, {
      hint: "run 'plantkit spec check' on it for every problem",
    });
  }
  return {
    source,
    version: inspection.version,
    document: inspection.document,
    operations: listOperations(inspection.document),
  };
}
