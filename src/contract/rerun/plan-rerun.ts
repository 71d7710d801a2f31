/**
 * A rerun (`--rerun-failed`) checked against the spec before any request:
 * every case names an operation the spec still has, and sends a request its
 * path still matches (a producer step too); every sequence follows a
 * collection the stateful phase still finds. What does not match is a
 * ReportError naming the case: the report was written for another spec.
 */
import { ReportError } from '../../core/errors.js';
import type { CaseRequest, ContractCase } from '../../core/exchange/types.js';
import { compileTemplate } from '../../core/routing/path-template.js';
import type { LoadedSpec, Operation } from '../../core/spec/types.js';
import type { RerunReport } from './read-report.js';

/** The cases to send again and the sequence ids to follow again. */
export interface RerunPlan {
  cases: ContractCase[];
  sequences: string[];
}

/**
 * The plan of `report` over `spec`; `sequencePrefixes` are the stateful
 * phase's sequence id prefixes for this spec (`createPlant/stateful/plants`).
 */
export function planRerun(report: RerunReport, spec: LoadedSpec, sequencePrefixes: readonly string[]): RerunPlan {
  const hint = 'run the whole suite without --rerun-failed for a report of this spec';
  const operation = (id: string, what: string) => {
    const found = spec.operations.find((candidate) => candidate.id === id);
    if (!found)
      throw new ReportError(`${report.file}: ${what} names operation ${id}, which ${spec.title} no longer has`, hint);
    return found;
  };
  const matches = (target: Operation, request: CaseRequest, what: string) => {
    if (request.method.toUpperCase() !== target.method || !pathMatches(target.path, request.path))
      throw new ReportError(
        `${report.file}: ${what} sends ${request.method} ${request.path.split('?')[0]}, which ${target.id} (${target.method} ${target.path}) no longer matches`,
        hint,
      );
  };
  const cases = report.cases.map((item): ContractCase => {
    const target = operation(item.operation, `case ${item.id}`);
    matches(target, item.request, `case ${item.id}`);
    for (const step of item.producers)
      matches(
        operation(step.operation, `a producer step of case ${item.id}`),
        step.request,
        `a producer step of case ${item.id}`,
      );
    return {
      id: item.id,
      kind: item.kind,
      operation: target,
      title: item.title,
      request: item.request,
      expect: item.expect,
      ...(item.resource ? { resource: item.resource } : {}),
      ...(item.needsPinned ? { needsPinned: item.needsPinned } : {}),
      ...(item.producers.length > 0 ? { producers: item.producers } : {}),
    };
  });
  for (const sequence of report.sequences) {
    operation(sequence.operation, `sequence ${sequence.id}`);
    if (!sequencePrefixes.some((prefix) => sequence.id.startsWith(`${prefix}/`)))
      throw new ReportError(
        `${report.file}: sequence ${sequence.id} follows a collection the stateful phase no longer finds in ${spec.title}`,
        hint,
      );
  }
  return { cases, sequences: report.sequences.map((sequence) => sequence.id) };
}

/** Whether the request path (its segments decoded) fits the operation's path template. */
function pathMatches(template: string, target: string): boolean {
  try {
    const segments = target
      .split('?')[0]!
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
    return compileTemplate(template.replace(/[?#].*$/s, '')).match(segments, new URLSearchParams()) !== undefined;
  } catch {
    return false;
  }
}
