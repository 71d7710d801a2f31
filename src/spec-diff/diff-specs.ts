/**
 * `diffSpecs`: the library behind `plantkit spec diff`. Reads both specs
 * (files or git revisions), dereferences them, matches them into a
 * comparison, runs every registered rule and returns the changes with
 * where each is written. It never prints; unreadable input throws (exit 2).
 */
import path from 'node:path';
import { SpecError } from '../errors.js';
import { inspectSpec } from '../spec/load-spec.js';
import { listOperations } from '../spec/operations.js';
import { sourcePointer } from '../spec/source-pointer.js';
import { compareSpecs } from './comparison.js';
import { DIFF_RULES } from './rules/index.js';
import { readSpecInput } from './spec-input.js';
import type { Change, ChangeLevel, ChangeLocation, ComparedSpec, DiffRule, RuleHit } from './types.js';

/** Options of {@link diffSpecs}; all optional. */
export interface DiffSpecsOptions {
  /** Directory file names and git revisions resolve against. Default: process.cwd(). */
  cwd?: string;
  /** Follow `$ref`s outside the spec's folder and over http(s). Default: false. */
  allowExternalRefs?: boolean;
  /** The rules to run. Default: every rule (DIFF_RULES). */
  rules?: readonly DiffRule[];
  /** The time `x-sunset` dates are compared with. Default: now. */
  now?: Date;
}

/** The outcome of a diff. */
export interface SpecDiffResult {
  base: string;
  head: string;
  /** Every change, breaking first. */
  changes: Change[];
  /** How many changes there are per level. */
  counts: Record<ChangeLevel, number>;
}

const LEVEL_ORDER: Record<ChangeLevel, number> = { breaking: 0, warning: 1, info: 2 };

/** Compare `base` with `head` (file paths or `REV:PATH`) and classify every change. */
export async function diffSpecs(base: string, head: string, options: DiffSpecsOptions = {}): Promise<SpecDiffResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const [baseSpec, headSpec] = await Promise.all([loadForDiff(base, cwd, options), loadForDiff(head, cwd, options)]);
  const comparison = compareSpecs(baseSpec, headSpec, options.now ?? new Date());
  const seen = new Set<string>();
  const changes: Change[] = [];
  for (const rule of options.rules ?? DIFF_RULES) {
    for (const hit of rule.check(comparison)) {
      const change = toChange(rule, hit, baseSpec, headSpec);
      const key = `${change.id}\u0000${change.operation}\u0000${change.pointer}\u0000${change.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      changes.push(change);
    }
  }
  changes.sort((a, b) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level]);
  const counts = { breaking: 0, warning: 0, info: 0 };
  for (const change of changes) counts[change.level] += 1;
  return { base, head, changes, counts };
}

async function loadForDiff(name: string, cwd: string, options: DiffSpecsOptions): Promise<ComparedSpec> {
  const { source, readRef } = await readSpecInput(name, cwd);
  const inspection = await inspectSpec(source, { allowExternalRefs: options.allowExternalRefs ?? false, readRef });
  if (!inspection.document) {
    const first = inspection.problems[0];
    const position = first ? source.yaml.positionOf(first.pointer) : undefined;
    const at = position ? `:${position.line}:${position.column}` : '';
    throw new SpecError('PLANTKIT_SPEC_INVALID', `${name}${at}: ${first?.message ?? 'cannot be dereferenced'}`, { hint: "run 'plantkit spec check' on it for every problem" });
  }
  return { source, version: inspection.version, document: inspection.document, operations: listOperations(inspection.document) };
}

function toChange(rule: DiffRule, hit: RuleHit, base: ComparedSpec, head: ComparedSpec): Change {
  const own = hit.side === 'base' ? base : head;
  const location = locate(own, hit.pointer);
  return {
    id: rule.id,
    level: rule.level,
    operation: hit.operation,
    pointer: hit.pointer,
    side: hit.side,
    message: hit.message,
    location,
    headLocation: hit.side === 'head' ? location : locate(head, hit.pointer),
  };
}

/** Where `pointer` (through the dereferenced spec) is written, or its nearest existing ancestor. */
function locate(spec: ComparedSpec, pointer: string): ChangeLocation {
  const written = sourcePointer(spec.source.document, pointer).pointer;
  const position = spec.source.yaml.positionOf(written) ?? { line: 1, column: 1 };
  return { file: spec.source.label, pointer: written, line: position.line, column: position.column };
}
