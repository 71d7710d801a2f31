/**
 * Options of `checkSpec`, normalised once with every default spelled out
 * here (STYLE habit 7).
 */
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import { findRulesetFile } from './lint/ruleset-file.js';
import type { NormalizedCheckOptions } from './types.js';

/** Options of {@link checkSpec}; all optional. */
export interface CheckSpecOptions {
  /** Directory relative paths resolve against, and the second place a `.spectral.yaml` is looked for. Default: process.cwd(). */
  cwd?: string;
  /** A Spectral ruleset file. Default: `.spectral.yaml`/`.yml`/`.json` beside the spec, then in `cwd`, else plantkit's built-in policy (spectral:oas without info-contact and operation-tags). */
  ruleset?: string;
  /** Ids of checks not to run (`structure`, `examples`, `lint`). Default: none. */
  skip?: readonly string[];
  /** Follow `$ref`s outside the spec's folder and over http(s). Default: false. */
  allowExternalRefs?: boolean;
}

/** Defaults of {@link CheckSpecOptions}. */
export const CHECK_DEFAULTS = { skip: [] as readonly string[], allowExternalRefs: false } as const;

/** Spell out every option for a check of `specPath`; `knownChecks` validates `skip`. */
export async function normalizeCheckOptions(
  specPath: string,
  options: CheckSpecOptions,
  knownChecks: readonly string[],
): Promise<NormalizedCheckOptions> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const skip = options.skip ?? CHECK_DEFAULTS.skip;
  const unknown = skip.find((id) => !knownChecks.includes(id));
  if (unknown !== undefined) throw new UsageError(`unknown check '${unknown}'`, `checks: ${knownChecks.join(', ')}`);
  const ruleset =
    options.ruleset !== undefined
      ? path.resolve(cwd, options.ruleset)
      : skip.includes('lint')
        ? undefined
        : await findRulesetFile(specPath, cwd);
  return { cwd, ruleset, skip, allowExternalRefs: options.allowExternalRefs ?? CHECK_DEFAULTS.allowExternalRefs };
}
