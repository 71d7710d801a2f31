/**
 * From "a pointer into the dereferenced document" to "file, line, column" and
 * "which operation", and findings built from them, deduplicated: a problem in
 * a shared component is seen once per operation that uses it, but is written
 * in one place and reported once.
 */
import { decodePointer } from '../core/json/json-pointer.js';
import { HTTP_METHODS } from '../core/spec/operations.js';
import { sourcePointer } from '../core/spec/source-pointer.js';
import type { SpecSource } from '../core/spec/spec-source.js';
import type { SpecCheckContext, SpecFinding, SpecFindingSeverity, SpecLocation } from './types.js';

/**
 * Locate pointers of `source` (pointers may run through the dereferenced form of it). `written`
 * maps a pointer to where it is written when the checks ran on a converted document (Swagger 2.0).
 */
export function createLocator(
  source: SpecSource,
  written: (pointer: string) => string = (pointer) => sourcePointer(source.document, pointer).pointer,
): Pick<SpecCheckContext, 'locate' | 'operationAt'> {
  const locate = (pointer: string): SpecLocation => {
    const writtenAt = written(pointer);
    const position = source.yaml.positionOf(writtenAt) ?? { line: 1, column: 1 };
    return { pointer: writtenAt, file: source.label, line: position.line, column: position.column };
  };
  const operationAt = (pointer: string): string => {
    const [root, template, method] = decodePointer(pointer);
    if (root !== 'paths' || template === undefined || !(HTTP_METHODS as readonly string[]).includes(method ?? ''))
      return '';
    const operation = source.document.paths as Record<string, Record<string, { operationId?: unknown }>> | undefined;
    const id = operation?.[template]?.[method!]?.operationId;
    return typeof id === 'string' ? id : `${method!.toUpperCase()} ${template}`;
  };
  return { locate, operationAt };
}

/** What a check knows about one problem. */
export interface ProblemReport {
  check: string;
  rule: string;
  severity: SpecFindingSeverity;
  /** Pointer into the dereferenced document. */
  pointer: string;
  message: string;
  received?: string;
  documented?: string;
}

/** Findings for `reports`, located and deduplicated by (rule, written pointer, message). */
export function toFindings(
  context: Pick<SpecCheckContext, 'locate' | 'operationAt'>,
  reports: readonly ProblemReport[],
): SpecFinding[] {
  const seen = new Set<string>();
  const findings: SpecFinding[] = [];
  for (const report of reports) {
    const location = context.locate(report.pointer);
    const key = `${report.rule}\u0000${location.pointer}\u0000${report.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      check: report.check,
      rule: report.rule,
      severity: report.severity,
      operation: context.operationAt(location.pointer),
      pointer: location.pointer,
      message: report.message,
      ...(report.received === undefined ? {} : { received: report.received }),
      ...(report.documented === undefined ? {} : { documented: report.documented }),
      file: location.file,
      line: location.line,
      column: location.column,
    });
  }
  return findings;
}
