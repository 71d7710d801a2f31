/**
 * The ignore file (`--ignore FILE`, or `ignore:` in the config): breaking
 * changes a team accepts on purpose, each with the reason, so a deliberate
 * break can merge without turning the gate off.
 *
 *   - rule: api-operation-removed
 *     method: DELETE                 # optional: any method when left out
 *     path: /plants/{plantId}        # path template (parameter names may differ), or webhook:NAME
 *     reason: Deletion moved to the admin API (ADR-12), announced 2025-03.
 *
 * `rule`, `path` and `reason` are required; entries that match no change
 * are reported, so the file does not outlive the changes it was written for.
 */
import { DiffConfigError } from '../../core/errors.js';
import { HTTP_METHODS } from '../../core/spec/operations.js';
import { closest, isMapping, type PolicyLocation, readPolicyFile } from './policy-file.js';

/** One accepted change. */
export interface IgnoreEntry {
  rule: string;
  /** Upper-case method; undefined: any. */
  method: string | undefined;
  path: string;
  reason: string;
  /** Where it is written: `file:line:column`. */
  at: string;
  location: PolicyLocation;
}

const KEYS = ['rule', 'method', 'path', 'reason'];

/** Read the entries of `file` (relative to `cwd`), checking rule ids against `ruleIds`. */
export async function loadIgnoreFile(file: string, cwd: string, ruleIds: readonly string[]): Promise<IgnoreEntry[]> {
  const ignore = await readPolicyFile(file, cwd, 'ignore file');
  const value = ignore.value ?? [];
  if (!Array.isArray(value))
    throw new DiffConfigError(
      `${ignore.at('')}: an ignore file must be a list of entries`,
      '- { rule: RULE-ID, method: METHOD, path: /PATH, reason: WHY }',
    );
  return value.map((raw, index): IgnoreEntry => {
    const at = (key?: string) => ignore.at(key ? `/${index}/${key}` : `/${index}`, key ? 'key' : 'value');
    if (!isMapping(raw))
      throw new DiffConfigError(`${at()}: ignore entry ${index + 1} must be a mapping with rule, path and reason`);
    for (const key of Object.keys(raw)) {
      if (!KEYS.includes(key))
        throw new DiffConfigError(
          `${at(key)}: unknown key '${key}' in ignore entry ${index + 1}`,
          `keys: ${KEYS.join(', ')}`,
        );
    }
    for (const key of ['rule', 'path', 'reason']) {
      if (typeof raw[key] !== 'string' || (raw[key] as string).trim() === '') {
        const why = key === 'reason' ? ' (say why this change is accepted)' : '';
        throw new DiffConfigError(`${at()}: ignore entry ${index + 1} needs a ${key}${why}`);
      }
    }
    const rule = raw.rule as string;
    if (!ruleIds.includes(rule)) {
      const guess = closest(rule, ruleIds);
      throw new DiffConfigError(
        `${ignore.at(`/${index}/rule`)}: unknown rule '${rule}' in ignore entry ${index + 1}`,
        guess ? `did you mean '${guess}'?` : "run 'plantkit spec diff --help' for the rule ids",
      );
    }
    const method = raw.method;
    if (
      method !== undefined &&
      (typeof method !== 'string' || !(HTTP_METHODS as readonly string[]).includes(method.toLowerCase()))
    ) {
      throw new DiffConfigError(
        `${ignore.at(`/${index}/method`)}: method must be an HTTP method (${HTTP_METHODS.join(', ')}), got '${String(method)}'`,
      );
    }
    return {
      rule,
      method: method?.toUpperCase(),
      path: raw.path as string,
      reason: (raw.reason as string).trim(),
      at: at(),
      location: ignore.locate(`/${index}`),
    };
  });
}
