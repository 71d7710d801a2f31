/**
 * What the HTML report shows, worked out from a run's JSON report and its
 * verdict (never re-judged here): the coverage matrix (each operation's
 * documented statuses, the statuses seen and the case kinds that provoked
 * them, whether it ever got a success), and the failures grouped by their
 * signature as the run grouped them.
 */

import type { OperationCoverage } from '../../contract/coverage-report.js';
import type { CaseRecord } from '../case-record.js';
import type { ContractReport, OperationRecord } from '../contract-report.js';

/** One status of an operation's row in the coverage matrix. */
export interface StatusCell {
  status: string;
  documented: boolean;
  /** Responses with it (records and sequence steps; the run's coverage when it measured one). */
  seen: number;
  /** Case kinds that got it: `positive`, `negative`, `auth`, `generated`, `stateful`, ... */
  kinds: string[];
}

/** One operation's row. */
export interface CoverageRow {
  operation: OperationRecord;
  cells: StatusCell[];
  cases: number;
  failed: number;
  /** Got a success (2xx; the run's coverage decides when it has one). */
  reached: boolean;
  /** Why it never succeeded, from the run's coverage. */
  reason: string | undefined;
}

/** The coverage matrix, operations in spec order. */
export function coverageRows(
  report: Pick<ContractReport, 'operations' | 'coverage'>,
  records: readonly CaseRecord[],
): CoverageRow[] {
  const operations = report.operations ?? operationsOf(records);
  const matchers = operations.map((operation) => ({ operation, match: pathMatcher(operation) }));
  const seen = new Map<string, Map<string, { count: number; kinds: Set<string> }>>();
  const note = (operation: string, status: string, kind: string) => {
    const byStatus = seen.get(operation) ?? new Map<string, { count: number; kinds: Set<string> }>();
    const entry = byStatus.get(status) ?? { count: 0, kinds: new Set<string>() };
    entry.count += 1;
    entry.kinds.add(kind);
    byStatus.set(status, entry);
    seen.set(operation, byStatus);
  };
  for (const record of records) {
    if (record.response) note(record.operation, String(record.response.status), record.kind);
    for (const step of record.sequence?.steps ?? []) {
      const owner = matchers.find((item) => item.operation.method === step.method && item.match(step.url));
      if (owner && step.status !== null) note(owner.operation.id, String(step.status), 'stateful');
    }
  }
  const coverage = new Map<string, OperationCoverage>(
    (report.coverage?.byOperation ?? []).map((entry) => [entry.operation, entry]),
  );
  return operations.map((operation) => {
    const byStatus = seen.get(operation.id) ?? new Map();
    const measured = coverage.get(operation.id);
    const counts = new Map<string, number>(
      measured ? Object.entries(measured.statuses) : [...byStatus].map(([status, entry]) => [status, entry.count]),
    );
    // A status a range or `default` documents is counted in that key's cell; one nothing documents gets its own.
    const keyOf = (status: string) => documentedBy(status, operation.statuses) ?? status;
    const keys = [...new Set([...operation.statuses, ...[...counts.keys()].map(keyOf)])];
    const cells = keys.map((key) => {
      const statuses = [...counts.keys()].filter((status) => keyOf(status) === key);
      return {
        status: key,
        documented: operation.statuses.includes(key),
        seen: statuses.reduce((total, status) => total + (counts.get(status) ?? 0), 0),
        kinds: [...new Set(statuses.flatMap((status) => [...(byStatus.get(status)?.kinds ?? [])]))].sort(),
      };
    });
    const own = records.filter((record) => record.operation === operation.id);
    return {
      operation,
      cells,
      cases: own.length,
      failed: own.filter((record) => record.verdict === 'failed').length,
      reached: measured ? measured.reached : [...counts.keys()].some((status) => /^2\d\d$/.test(status)),
      reason: measured?.reason,
    };
  });
}

/** The response key that documents `status` (OAS 4.8.16: an exact code wins over `4XX`, which wins over `default`). */
function documentedBy(status: string, keys: readonly string[]): string | undefined {
  if (keys.includes(status)) return status;
  if (!/^\d{3}$/.test(status)) return undefined;
  const range = keys.find((key) => key.toUpperCase() === `${status[0]}XX`);
  return range ?? (keys.includes('default') ? 'default' : undefined);
}

/** Operations named by the records, when the report does not list the spec's (reports before they did). */
function operationsOf(records: readonly CaseRecord[]): OperationRecord[] {
  const byId = new Map<string, OperationRecord>();
  for (const record of records)
    if (!byId.has(record.operation))
      byId.set(record.operation, { id: record.operation, method: record.method, path: record.path, statuses: [] });
  return [...byId.values()];
}

/** True for a URL whose path ends with the operation's path template filled in. */
function pathMatcher(operation: OperationRecord): (url: string) => boolean {
  const pattern = operation.path
    .split(/\{[^}]*\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  const regex = new RegExp(`${pattern}$`);
  return (url) => {
    try {
      return regex.test(new URL(url).pathname);
    } catch {
      return false;
    }
  };
}

/** The failures of one signature, as the run grouped them. */
export interface FailureGroup {
  signature: string;
  operation: string;
  check: string;
  message: string;
  records: CaseRecord[];
}

/** Failed records by the run's distinct failures; a failed record no signature names gets a group of its own. */
export function failureGroups(
  distinct: ReadonlyArray<{ signature: string; operation: string; check: string; message: string; cases: string[] }>,
  records: readonly CaseRecord[],
): FailureGroup[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const grouped = new Set<string>();
  const groups: FailureGroup[] = distinct.map((failure) => {
    const members = failure.cases.flatMap((id) => {
      const record = byId.get(id);
      if (record) grouped.add(id);
      return record ? [record] : [];
    });
    return { ...failure, records: members };
  });
  for (const record of records)
    if (record.verdict === 'failed' && !grouped.has(record.id)) {
      const first = record.findings.find((finding) => finding.severity === 'error');
      groups.push({
        signature: `${record.operation} ${first?.check ?? 'failure'}`,
        operation: record.operation,
        check: first?.check ?? 'failure',
        message: first?.message ?? record.transportFailure?.message ?? 'failed',
        records: [record],
      });
    }
  return groups;
}
