/**
 * The CI policy of one `spec diff` run, from flags and files: `--config`
 * (else `plantkit-diff.yaml` when present), `--ignore` (else the config's
 * `ignore:`), `--fail-on` (else the config's `fail-on:`, else breaking).
 * Everything is read and checked before any spec is.
 */
import { DIFF_RULES } from '../rules/index.js';
import { type FailOn, type LevelSetting, loadDiffConfig } from './diff-config.js';
import { type IgnoreEntry, loadIgnoreFile } from './ignore-file.js';
import { DEFAULT_FAIL_ON } from './verdict.js';

/** What the caller asked for; every field optional. */
export interface DiffPolicyRequest {
  cwd: string;
  config?: string | undefined;
  ignore?: string | undefined;
  failOn?: FailOn | undefined;
}

/** The policy in force. */
export interface DiffPolicy {
  /** The config file read, relative to cwd; undefined when none. */
  configFile: string | undefined;
  /** The ignore file read, relative to cwd; undefined when none. */
  ignoreFile: string | undefined;
  failOn: FailOn;
  levels: Record<string, LevelSetting>;
  ignore: IgnoreEntry[];
}

/** Read and check the policy files named by `request` (or found in its cwd). */
export async function loadDiffPolicy(request: DiffPolicyRequest): Promise<DiffPolicy> {
  const ids = DIFF_RULES.map((rule) => rule.id);
  const config = await loadDiffConfig(request.config, request.cwd, ids);
  const ignoreFile = request.ignore ?? config.ignoreFile;
  return {
    configFile: config.file,
    ignoreFile,
    failOn: request.failOn ?? config.failOn ?? DEFAULT_FAIL_ON,
    levels: config.levels,
    ignore: ignoreFile === undefined ? [] : await loadIgnoreFile(ignoreFile, request.cwd, ids),
  };
}
