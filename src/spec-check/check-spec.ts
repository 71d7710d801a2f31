/**
 * `checkSpec`: the library behind `plantkit spec check`. Reads the spec, lets
 * swagger-parser dereference it once (on demand), then runs every
 * registered check over that and returns the findings, sorted by position.
 * It never prints; only faults (unreadable file, not OpenAPI, bad options) throw.
 */
import path from 'node:path';
import { checkVersion, inspectSpec, type SpecInspection } from '../core/spec/load-spec.js';
import { sourcePointer } from '../core/spec/source-pointer.js';
import { readSpecSource } from '../core/spec/spec-source.js';
import { convertSwagger2, isSwagger2, originalPointer } from '../core/spec/swagger2.js';
import type { OpenApiVersion } from '../core/spec/types.js';
import { SPEC_CHECKS } from './checks/index.js';
import { createLocator } from './locate.js';
import { type CheckSpecOptions, normalizeCheckOptions } from './options.js';
import type { SpecFinding } from './types.js';

/** The outcome of checking one spec. */
export interface SpecCheckResult {
  /** The spec as the caller named it. */
  file: string;
  version: OpenApiVersion;
  /** `2.0` when the file is Swagger 2.0 (checked in its OpenAPI 3.0 form); undefined otherwise. */
  convertedFrom?: string;
  /** Ids of the checks that ran. */
  checks: string[];
  /** The Spectral ruleset file used (relative to cwd), or undefined for plantkit's built-in policy (or when lint was skipped). */
  ruleset: string | undefined;
  /** Every finding, in file order. */
  findings: SpecFinding[];
}

/** Check the spec at `file` (structure, examples, schemas, lint). */
export async function checkSpec(file: string, options: CheckSpecOptions = {}): Promise<SpecCheckResult> {
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const source = await readSpecSource(file, 'pass the path of an OpenAPI 3.0/3.1 or Swagger 2.0 file', cwd);
  const settings = await normalizeCheckOptions(
    source.path,
    options,
    SPEC_CHECKS.map((check) => check.id),
  );
  // Swagger 2.0 is checked in its OpenAPI 3.0 form (as every job reads it), located in the file as written.
  const converted = isSwagger2(source.document) ? await convertSwagger2(source.document, source.label) : undefined;
  const { version } = checkVersion(converted ?? source.document, source.label);
  let inspection: Promise<SpecInspection> | undefined;
  const inspect = () => (inspection ??= inspectSpec(source, { allowExternalRefs: settings.allowExternalRefs }));
  const locator = converted
    ? createLocator(source, (pointer) => originalPointer(source.document, sourcePointer(converted, pointer).pointer))
    : createLocator(source);
  const context = {
    source: converted ? { ...source, document: converted } : source,
    version,
    inspect,
    options: settings,
    ...locator,
  };
  const checks = SPEC_CHECKS.filter((check) => !settings.skip.includes(check.id));
  const findings: SpecFinding[] = [];
  for (const check of checks) findings.push(...(await check.run(context)));
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  const ruleset = settings.ruleset && path.relative(cwd, settings.ruleset);
  return {
    file,
    version,
    ...(converted ? { convertedFrom: String(source.document.swagger) } : {}),
    checks: checks.map((check) => check.id),
    ruleset,
    findings,
  };
}
