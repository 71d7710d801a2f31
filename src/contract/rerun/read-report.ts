/**
 * Reading the JSON report `plantkit contract --rerun-failed REPORT.json`
 * reruns (issue 18 section 5): its failed cases with the requests they sent
 * (report/replay-record.ts: secrets as `${VARIABLE}` references, resolved
 * here from the environment) and its failed stateful sequences with their
 * seed. A file that is no plantkit contract report, or a failed case that
 * cannot be sent again, is a ReportError (exit 2) naming the file and the
 * case, before any request.
 */
import { ReportError } from '../../core/errors.js';
import { resolveSecretReferences } from '../../core/exchange/redact.js';
import type { CaseKind, CaseRequest, Expectation, ProducerStep, ResourceState } from '../../core/exchange/types.js';
import type { HarvestSource } from '../../core/resources/producers.js';

/** A failed case to send again, its request resolved. */
export interface RerunCase {
  id: string;
  /** The operation id the report names (checked against the spec before any request). */
  operation: string;
  kind: CaseKind;
  title: string;
  request: CaseRequest;
  expect: Expectation;
  resource: ResourceState | undefined;
  needsPinned: string | undefined;
  producers: ProducerStep[];
}

/** A failed stateful sequence to send again: planned from its id and seed. */
export interface RerunSequence {
  id: string;
  operation: string;
  seed: number;
}

/** What a report asks to rerun. */
export interface RerunReport {
  /** The file, as given (for messages). */
  file: string;
  /** The seed of the run that wrote it; undefined when it had no generated cases. */
  seed: number | undefined;
  cases: RerunCase[];
  sequences: RerunSequence[];
}

/** The failed cases and sequences of the report `text` read from `file`; `lookup` resolves secret references. */
export function readRerunReport(
  text: string,
  file: string,
  lookup: (variable: string) => string | undefined,
): RerunReport {
  const hint = 'give the JSON report of a plantkit contract run (--reporter json --output FILE)';
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new ReportError(`${file} is not a plantkit contract report: ${(error as Error).message}`, hint);
  }
  if (!isRecord(document) || document.reportVersion !== 1 || !Array.isArray(document.cases))
    throw new ReportError(`${file} is not a plantkit contract report (no reportVersion 1 and cases)`, hint);
  const seed =
    isRecord(document.generated) && typeof document.generated.seed === 'number' ? document.generated.seed : undefined;
  const report: RerunReport = { file, seed, cases: [], sequences: [] };
  for (const [index, item] of document.cases.entries()) {
    if (!isRecord(item) || typeof item.id !== 'string' || typeof item.operation !== 'string')
      throw new ReportError(`${file}: case ${index + 1} has no id and operation`, hint);
    if (item.verdict !== 'failed') continue;
    const sequence = item.sequence;
    if (isRecord(sequence) && typeof sequence.seed === 'number') {
      report.sequences.push({ id: item.id, operation: item.operation, seed: sequence.seed });
      continue;
    }
    report.cases.push(rerunCase(item, file, lookup));
  }
  return report;
}

function rerunCase(
  item: Record<string, unknown>,
  file: string,
  lookup: (variable: string) => string | undefined,
): RerunCase {
  const id = item.id as string;
  const replay = item.replay;
  if (!isRecord(replay) || !isRecord(replay.request) || !isRecord(replay.expect))
    throw new ReportError(
      `${file}: case ${id} failed but cannot be sent again (the report holds no replay of it: a secret given literally on the command line, or a report of an older plantkit)`,
      'pass credential headers from a variable (--header "Name: ${VAR}") and run the whole suite again',
    );
  const request = resolved(replay.request, `case ${id}`, file, lookup);
  const producers = (Array.isArray(replay.producers) ? replay.producers : []).filter(isRecord).map(
    (step): ProducerStep => ({
      parameter: String(step.parameter),
      value: String(step.value),
      operation: String(step.operation),
      request: resolved(step.request, `a producer step of case ${id}`, file, lookup),
      source: step.source as HarvestSource,
    }),
  );
  return {
    id,
    operation: item.operation as string,
    kind: (typeof item.kind === 'string' ? item.kind : 'positive') as CaseKind,
    title: typeof item.title === 'string' ? item.title : id,
    request,
    expect: replay.expect as unknown as Expectation,
    resource: typeof replay.resource === 'string' ? (replay.resource as ResourceState) : undefined,
    needsPinned: typeof replay.needsPinned === 'string' ? replay.needsPinned : undefined,
    producers,
  };
}

/** A replay request with its secret references resolved. */
function resolved(
  value: unknown,
  what: string,
  file: string,
  lookup: (variable: string) => string | undefined,
): CaseRequest {
  if (
    !isRecord(value) ||
    typeof value.method !== 'string' ||
    typeof value.path !== 'string' ||
    !isRecord(value.headers)
  )
    throw new ReportError(`${file}: ${what} has no request to send again`);
  const missing = new Set<string>();
  const resolve = (text: string) =>
    resolveSecretReferences(text, (variable) => {
      const found = lookup(variable);
      if (found === undefined) missing.add(variable);
      return found;
    }) ?? '';
  const request: CaseRequest = {
    method: value.method,
    path: resolve(value.path),
    headers: Object.fromEntries(Object.entries(value.headers).map(([name, text]) => [name, resolve(String(text))])),
    ...(typeof value.body === 'string' ? { body: resolve(value.body) } : {}),
  };
  if (missing.size > 0)
    throw new ReportError(
      `${file}: ${what} sends ${[...missing].map((name) => `$${name}`).join(' and ')}, which ${missing.size > 1 ? 'are' : 'is'} not set`,
      `export ${[...missing][0]}=<value> as for the run that wrote the report`,
    );
  return request;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
