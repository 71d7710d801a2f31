/**
 * The spec diff config file, `plantkit-diff.yaml` in the working directory
 * (or `--config FILE`): the CI policy a team keeps next to its spec.
 *
 *   fail-on: breaking            # or warning
 *   levels:                      # per-rule level: breaking, warning, info, or off
 *     request-default-changed: breaking
 *     response-property-added: off
 *   ignore: plantkit-diff-ignore.yaml   # accepted breaks (see ignore-file.ts), relative to this file
 *
 * Every key is checked: an unknown key, rule id or level is a fault naming
 * where it is written and what is allowed.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DiffConfigError } from '../../core/errors.js';
import type { ChangeLevel } from '../types.js';
import { closest, isMapping, readPolicyFile } from './policy-file.js';

/** The file looked for in the working directory when no `--config` is given. */
export const DIFF_CONFIG_FILE = 'plantkit-diff.yaml';

/** Levels that can fail the diff, least severe last. */
export const FAIL_ON_VALUES = ['breaking', 'warning'] as const;

/** The least severe level that fails the diff. */
export type FailOn = (typeof FAIL_ON_VALUES)[number];

/** A rule's level as configured: a level, or `off` to drop its changes. */
export type LevelSetting = ChangeLevel | 'off';

/** Level settings a config may give. */
export const LEVEL_SETTINGS: readonly LevelSetting[] = ['breaking', 'warning', 'info', 'off'];

/** A config as read. */
export interface DiffConfig {
  /** The file it came from (relative to cwd), or undefined when there is none. */
  file: string | undefined;
  failOn: FailOn | undefined;
  levels: Record<string, LevelSetting>;
  /** The ignore file it names, relative to cwd. */
  ignoreFile: string | undefined;
}

const KEYS = ['fail-on', 'levels', 'ignore'];

/** Read `file`, or `plantkit-diff.yaml` in `cwd` if it exists, checking rule ids against `ruleIds`. */
export async function loadDiffConfig(
  file: string | undefined,
  cwd: string,
  ruleIds: readonly string[],
): Promise<DiffConfig> {
  const name = file ?? DIFF_CONFIG_FILE;
  if (
    file === undefined &&
    !(await stat(path.resolve(cwd, name)).then(
      (info) => info.isFile(),
      () => false,
    ))
  ) {
    return { file: undefined, failOn: undefined, levels: {}, ignoreFile: undefined };
  }
  const config = await readPolicyFile(name, cwd, 'spec diff config');
  const value = config.value ?? {};
  if (!isMapping(value))
    throw new DiffConfigError(`${config.at('')}: a spec diff config must be a mapping`, `keys: ${KEYS.join(', ')}`);
  for (const key of Object.keys(value)) {
    if (!KEYS.includes(key))
      throw new DiffConfigError(
        `${config.at(`/${key}`, 'key')}: unknown key '${key}'`,
        hint(key, KEYS, `keys: ${KEYS.join(', ')}`),
      );
  }
  const failOn = value['fail-on'];
  if (failOn !== undefined && !FAIL_ON_VALUES.includes(failOn as FailOn)) {
    throw new DiffConfigError(
      `${config.at('/fail-on')}: fail-on must be ${FAIL_ON_VALUES.join(' or ')}, got '${String(failOn)}'`,
    );
  }
  const levels = value.levels ?? {};
  if (!isMapping(levels))
    throw new DiffConfigError(
      `${config.at('/levels')}: levels must map rule ids to levels`,
      'e.g. levels: { request-default-changed: breaking }',
    );
  for (const [rule, level] of Object.entries(levels)) {
    if (!ruleIds.includes(rule))
      throw new DiffConfigError(
        `${config.at(`/levels/${rule}`, 'key')}: unknown rule '${rule}' in levels`,
        hint(rule, ruleIds, "run 'plantkit spec diff --help' for the rule ids"),
      );
    if (!LEVEL_SETTINGS.includes(level as LevelSetting)) {
      throw new DiffConfigError(
        `${config.at(`/levels/${rule}`)}: level of ${rule} must be ${LEVEL_SETTINGS.join(', ')}, got '${String(level)}'`,
      );
    }
  }
  const ignore = value.ignore;
  if (ignore !== undefined && typeof ignore !== 'string')
    throw new DiffConfigError(`${config.at('/ignore')}: ignore must be the path of an ignore file`);
  return {
    file: name,
    failOn: failOn as FailOn | undefined,
    levels: levels as Record<string, LevelSetting>,
    ignoreFile:
      ignore === undefined ? undefined : path.relative(cwd, path.resolve(path.dirname(config.path), ignore)) || ignore,
  };
}

function hint(name: string, known: readonly string[], otherwise: string): string {
  const guess = closest(name, known);
  return guess ? `did you mean '${guess}'?` : otherwise;
}
