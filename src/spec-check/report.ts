/**
 * Renderings of a spec check result: `text` (file:line:column first, as
 * compilers print, so editors and terminals link it), `json`, and `github`
 * (workflow annotations on the spec file).
 */

import { type Level, reaches } from '../core/levels.js';
import { githubAnnotation } from '../core/text/github-annotation.js';
import type { SpecCheckResult } from './check-spec.js';
import { DEFAULT_RULESET_LABEL } from './lint/default-ruleset.js';
import type { SpecFinding, SpecFindingSeverity } from './types.js';

/** Names of the output formats of `spec check`. */
export type CheckFormatName = 'text' | 'json' | 'github';

/** `--fail-severity` values, as Spectral's CLI spells them, most severe first. */
export const FAIL_SEVERITIES = ['error', 'warn', 'info', 'hint'] as const;

/** The least severe finding that fails the check. */
export type FailSeverity = (typeof FAIL_SEVERITIES)[number];

/** Default of `--fail-severity`: errors fail, warnings are printed (as Spectral's CLI does). */
export const DEFAULT_FAIL_SEVERITY: FailSeverity = 'error';

/** `--fail-severity` as a threshold on the shared ladder (Spectral spells `warning` as `warn`). */
const THRESHOLD: Record<FailSeverity, Level> = { error: 'error', warn: 'warning', info: 'info', hint: 'hint' };

/** Does a finding fail the check at `failSeverity` (default `error`)? Spec check grades on the ladder itself. */
export function isFailing(finding: SpecFinding, failSeverity: FailSeverity = DEFAULT_FAIL_SEVERITY): boolean {
  return reaches(finding.severity satisfies SpecFindingSeverity, THRESHOLD[failSeverity]);
}

/** Render `result` in `format`. */
export function renderCheckResult(result: SpecCheckResult, format: CheckFormatName): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  const lines = format === 'github' ? result.findings.map(annotate) : result.findings.flatMap(describe);
  lines.push(summary(result));
  return `${lines.join('\n')}\n`;
}

function describe(finding: SpecFinding): string[] {
  const lines = [
    `${finding.file}:${finding.line}:${finding.column}  ${finding.severity.padEnd(7)}  ${finding.check}/${finding.rule}  ${finding.message}`,
  ];
  if (finding.received !== undefined)
    lines.push(`    received:   ${finding.received}`, `    documented: ${finding.documented ?? ''}`);
  lines.push(`    at ${finding.pointer || '/'}${finding.operation ? ` (${finding.operation})` : ''}`);
  return lines;
}

function annotate(finding: SpecFinding): string {
  const kind = finding.severity === 'info' || finding.severity === 'hint' ? 'notice' : finding.severity;
  return githubAnnotation(
    kind,
    { file: finding.file, line: finding.line, column: finding.column, title: `${finding.check}/${finding.rule}` },
    finding.message,
  );
}

function summary(result: SpecCheckResult): string {
  const count = (severity: string) => result.findings.filter((finding) => finding.severity === severity).length;
  const [errors, warnings, infos, hints] = [count('error'), count('warning'), count('info'), count('hint')];
  const ruleset = result.checks.includes('lint') ? `; ruleset: ${result.ruleset ?? DEFAULT_RULESET_LABEL}` : '';
  const hinted = hints > 0 ? `, ${hints} hint${hints === 1 ? '' : 's'}` : '';
  const verdict =
    errors + warnings + infos + hints === 0
      ? 'no problems'
      : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${infos} info${hinted}`;
  const line = result.convertedFrom
    ? `Swagger ${result.convertedFrom}, checked as OpenAPI ${result.version}`
    : `OpenAPI ${result.version}`;
  return `${result.file} (${line}): ${verdict} (checks: ${result.checks.join(', ')}${ruleset})`;
}
