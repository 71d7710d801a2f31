/**
 * Renderings of a spec check result: `text` (file:line:column first, as
 * compilers print, so editors and terminals link it), `json`, and `github`
 * (workflow annotations on the spec file).
 */
import { githubAnnotation } from '../report/github-annotation.js';
import type { SpecCheckResult } from './check-spec.js';
import type { SpecFinding } from './types.js';

/** Names of the output formats of `spec check`. */
export type CheckFormatName = 'text' | 'json' | 'github';

/** Does a finding fail the check? `info` never does. */
export function isFailing(finding: SpecFinding): boolean {
  return finding.severity !== 'info';
}

/** Render `result` in `format`. */
export function renderCheckResult(result: SpecCheckResult, format: CheckFormatName): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  const lines = format === 'github' ? result.findings.map(annotate) : result.findings.flatMap(describe);
  lines.push(summary(result));
  return `${lines.join('\n')}\n`;
}

function describe(finding: SpecFinding): string[] {
  const lines = [`${finding.file}:${finding.line}:${finding.column}  ${finding.severity.padEnd(7)}  ${finding.check}/${finding.rule}  ${finding.message}`];
  if (finding.received !== undefined) lines.push(`    received:   ${finding.received}`, `    documented: ${finding.documented ?? ''}`);
  lines.push(`    at ${finding.pointer || '/'}${finding.operation ? ` (${finding.operation})` : ''}`);
  return lines;
}

function annotate(finding: SpecFinding): string {
  const kind = finding.severity === 'info' ? 'notice' : finding.severity;
  return githubAnnotation(kind, { file: finding.file, line: finding.line, column: finding.column, title: `${finding.check}/${finding.rule}` }, finding.message);
}

function summary(result: SpecCheckResult): string {
  const count = (severity: string) => result.findings.filter((finding) => finding.severity === severity).length;
  const [errors, warnings, infos] = [count('error'), count('warning'), count('info')];
  const ruleset = result.checks.includes('lint') ? `; ruleset: ${result.ruleset ?? 'spectral:oas'}` : '';
  const verdict = errors + warnings + infos === 0 ? 'no problems' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${infos} info`;
  return `${result.file} (OpenAPI ${result.version}): ${verdict} (checks: ${result.checks.join(', ')}${ruleset})`;
}
