/**
 * Options of `diffSpecs`, normalised once with every default spelled out
 * here (STYLE habit 7). Level overrides and ignore entries given in code are
 * checked like those read from files.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DiffConfigError } from '../core/errors.js';
import type { LevelSetting } from './policy/diff-config.js';
import { LEVEL_SETTINGS } from './policy/diff-config.js';
import type { IgnoreEntry } from './policy/ignore-file.js';
import { DIFF_RULES } from './rules/index.js';
import type { DiffRule } from './types.js';

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
  /** Per-rule levels (`off` drops the rule's changes), e.g. from `plantkit-diff.yaml`. Default: none. */
  levels?: Readonly<Record<string, LevelSetting>>;
  /** Accepted changes, e.g. from an ignore file (loadIgnoreFile). Default: none. */
  ignore?: readonly IgnoreEntry[];
  /**
   * Walk the schemas of a large diff on two threads (one a worker thread, walk-split.ts), with the same
   * result; `true` takes the defaults below, which tests may change. Default: false.
   */
  parallel?: boolean | { minBytes?: number; minCost?: number; maxLoad?: number };
}

/**
 * When a parallel diff starts its worker: both spec texts together at least minBytes characters, the walks
 * at least minCost (walk-split.ts), and a core free for it: a 1-minute load average below maxLoad (default:
 * the processors, read when the diff starts). On a busy machine a second thread only adds CPU (Stripe, load
 * 10 on 2 cores: CPU 1.8x, wall 1.5x of one thread).
 */
const PARALLEL_DEFAULTS = { minBytes: 1_000_000, minCost: 100_000 } as const;

/** Every option spelled out. */
export interface NormalizedDiffOptions {
  cwd: string;
  allowExternalRefs: boolean;
  rules: readonly DiffRule[];
  now: Date;
  levels: Readonly<Record<string, LevelSetting>>;
  ignore: readonly IgnoreEntry[];
  parallel: { enabled: boolean; minBytes: number; minCost: number; maxLoad: number };
}

/** Defaults of {@link DiffSpecsOptions} (cwd and now are read when a diff starts). */
export const DIFF_DEFAULTS = { allowExternalRefs: false, rules: DIFF_RULES, levels: {}, ignore: [] } as const;

/** Spell out every option; unknown rule ids or levels are a DiffConfigError. */
export function normalizeDiffOptions(options: DiffSpecsOptions): NormalizedDiffOptions {
  const rules = options.rules ?? DIFF_DEFAULTS.rules;
  const ids = rules.map((rule) => rule.id);
  const levels = options.levels ?? DIFF_DEFAULTS.levels;
  for (const [id, level] of Object.entries(levels)) {
    if (!ids.includes(id)) throw new DiffConfigError(`unknown rule '${id}' in levels`);
    if (!LEVEL_SETTINGS.includes(level as LevelSetting))
      throw new DiffConfigError(`level of ${id} must be ${LEVEL_SETTINGS.join(', ')}, got '${String(level)}'`);
  }
  const ignore = options.ignore ?? DIFF_DEFAULTS.ignore;
  const unknown = ignore.find((entry) => !ids.includes(entry.rule));
  if (unknown) throw new DiffConfigError(`${unknown.at}: unknown rule '${unknown.rule}' in ignore entry`);
  return {
    cwd: path.resolve(options.cwd ?? process.cwd()),
    allowExternalRefs: options.allowExternalRefs ?? DIFF_DEFAULTS.allowExternalRefs,
    rules,
    now: options.now ?? new Date(),
    levels,
    ignore,
    parallel: {
      enabled: options.parallel !== undefined && options.parallel !== false && availableParallelism() > 1,
      ...PARALLEL_DEFAULTS,
      maxLoad: availableParallelism(),
      ...(typeof options.parallel === 'object' ? options.parallel : {}),
    },
  };
}
