/**
 * `checkSpec`: the library behind `plantkit spec check`. Reads the spec, lets
 * swagger-parser dereference it once (on demand), then runs every
 * registered check over that and returns the findings, sorted by position.
 * It never prints; only faults (unreadable file, not OpenAPI, bad options) throw.
 */
import path from 'node:path';
import { checkVersion, inspectSpec, type SpecInspection } from '../spec/load-spec.js';
import { readSpecSource } from '../spec/spec-source.js';
import type { OpenApiVersion } from '../spec/types.js';
import { SPEC_CHECKS } from './checks/index.js';
import { createLocator } from './locate.js';
import { normalizeCheckOptions, type CheckSpecOptions } from './options.js';
import type { SpecFinding } from './types.js';

/** The outcome of checking one spec. */
export interface SpecCheckResult {
  /** The spec as the caller named it. */
  file: string;
  version: OpenApiVersion;
  /** Ids of the checks that ran. */
  checks: string[];
  /** The Spectral ruleset file used (relative to cwd), or undefined for plantkit's built-in policy (or when lint was skipped). */
  ruleset: string | undefined;
  /** Every finding, in file order. */
  findings: SpecFinding[];
}

/** Check the spec at `file` (structure, examples, lint). */
export async function checkSpec(file: string, options: CheckSpecOptions = {}): Promise<SpecCheckResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const source = await readSpecSource(file, 'pass the path of an OpenAPI 3.0 or 3.1 file', cwd);
  const settings = await normalizeCheckOptions(source.path, options, SPEC_CHECKS.map((check) => check.id));
  const { version } = checkVersion(source.document, source.label);
  let inspection: Promise<SpecInspection> | undefined;
  const inspect = () => (inspection ??= inspectSpec(source, { allowExternalRefs: settings.allowExternalRefs }));
  const context = { source, version, inspect, options: settings, ...createLocator(source) };
  const checks = SPEC_CHECKS.filter((check) => !settings.skip.includes(check.id));
  const findings: SpecFinding[] = [];
  for (const check of checks) findings.push(...(await check.run(context)));
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const ruleset = settings.ruleset && path.relative(cwd, settings.ruleset);
  return { file, version, checks: checks.map((check) => check.id), ruleset, findings };
}
