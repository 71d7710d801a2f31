/**
 * A case result as plain, redacted data: the unit the JSON and JUnit
 * reports are made of. The token never survives into a record.
 */
import { createRedactor, redactHeaders, redactUrl, redactValue, type Secret, toCurl } from '../core/exchange/redact.js';
import type { CaseResult } from '../core/exchange/types.js';
import type { Finding } from '../core/findings.js';
import { producerCurls } from './producer-curls.js';
import { type ReplayRecord, replayRecord } from './replay-record.js';

/** Bodies in reports are cut here; the curl line replays the full request. */
const MAX_BODY = 4096;

/** A case result with secrets removed. */
export interface CaseRecord {
  id: string;
  operation: string;
  method: string;
  path: string;
  kind: string;
  title: string;
  verdict: 'passed' | 'failed' | 'skipped';
  /** Skipped because the run stopped before it (interrupt, --max-duration, an unresponsive target). */
  notRun: boolean;
  durationMs: number;
  skipReason: string | null;
  request: { method: string; url: string; headers: Record<string, string>; body: string | null };
  response: { status: number; headers: Record<string, string>; body: string; bodyTruncated: boolean } | null;
  transportFailure: { kind: string; message: string } | null;
  findings: Finding[];
  curl: string | null;
  /** For a failed case that named a live resource: the curl lines of the requests that produced it, to run first. */
  producerCurls: Array<{ produced: string; curl: string }>;
  /** For generated cases: phase, seed, requests spent, shrink steps and the body before shrinking. */
  generated: {
    phase: string;
    seed: number;
    requests: number;
    shrinks: number;
    original: string | null;
    cut: 'operation' | 'generated' | null;
  } | null;
  /** For stateful sequences: the collection, seed, shrinking and every step with the curl line that reproduces it. */
  sequence: SequenceRecord | null;
  /** Whether the resource the request names is live, deleted or made up (null: no claim). */
  resource: string | null;
  /** For a failed case: the request and its producer steps as `--rerun-failed` sends them again (replay-record.ts). */
  replay: ReplayRecord | null;
}

/** A stateful sequence in a report. */
export interface SequenceRecord {
  collection: string;
  seed: number;
  originalSteps: number;
  shrinks: number;
  requests: number;
  steps: Array<{ title: string; method: string; url: string; status: number | null; failed: boolean; curl: string }>;
}

/** Turn a case result into a record, replacing every secret (see runSecrets) everywhere. */
export function toCaseRecord(result: CaseResult, secrets: readonly Secret[]): CaseRecord {
  const redact = createRedactor(secrets);
  const { case: contractCase, exchange } = result;
  const response = exchange.response;
  const cut = (text: string) => redact(text.length > MAX_BODY ? text.slice(0, MAX_BODY) : text);
  return {
    id: contractCase.id,
    operation: contractCase.operation.id,
    method: contractCase.operation.method,
    path: contractCase.operation.path,
    kind: contractCase.kind,
    title: redact(contractCase.title),
    verdict: result.verdict,
    notRun: result.notRun === true,
    durationMs: exchange.durationMs,
    skipReason: contractCase.skip ?? null,
    request: {
      method: contractCase.request.method,
      url: redactUrl(exchange.url, secrets),
      headers: redactHeaders(contractCase.request.headers, redact),
      body: contractCase.request.body === undefined ? null : cut(contractCase.request.body),
    },
    response: response
      ? {
          status: response.status,
          headers: redactHeaders(response.headers, redact),
          body: cut(response.body),
          bodyTruncated: response.body.length > MAX_BODY,
        }
      : null,
    transportFailure: exchange.failure
      ? { kind: exchange.failure.kind, message: redact(exchange.failure.message) }
      : null,
    findings: result.findings.map((finding) => redactValue(finding, redact)),
    curl: result.verdict === 'failed' ? toCurl(exchange.url, contractCase.request, secrets) : null,
    producerCurls: producerCurls(result, secrets),
    generated: result.generated
      ? {
          phase: result.generated.phase,
          seed: result.generated.seed,
          requests: result.generated.requests,
          shrinks: result.generated.shrinks,
          original: result.generated.original === undefined ? null : cut(result.generated.original),
          cut: result.generated.cut ?? null,
        }
      : null,
    sequence: result.sequence
      ? {
          collection: result.sequence.collection,
          seed: result.sequence.seed,
          originalSteps: result.sequence.originalSteps,
          shrinks: result.sequence.shrinks,
          requests: result.sequence.requests,
          steps: result.sequence.steps.map((step) => ({
            title: redact(step.title),
            method: step.request.method,
            url: redactUrl(step.url, secrets),
            status: step.status ?? null,
            failed: step.failed,
            curl: toCurl(step.url, step.request, secrets),
          })),
        }
      : null,
    resource: contractCase.resource ?? null,
    replay: replayRecord(result, secrets),
  };
}

/** For a generated case: the seed that replays it and the body it was shrunk from. */
export function generatedNotes(record: CaseRecord): string[] {
  const details = record.generated;
  if (!details) return [];
  const notes = [`seed: ${details.seed} (replay with --seed ${details.seed}; ${details.phase} phase)`];
  if (details.original !== null)
    notes.push(`shrunk in ${details.shrinks} step${details.shrinks === 1 ? '' : 's'} from: ${details.original}`);
  if (details.cut !== null) notes.push(`the time budget (--${details.cut}-budget) ended this case early`);
  return notes;
}

/** For a failed stateful sequence: how it shrank, the seed, and a curl line per step. */
export function sequenceNotes(record: CaseRecord): string[] {
  const details = record.sequence;
  if (!details || record.verdict !== 'failed') return [];
  const shrunk = details.originalSteps > details.steps.length ? ` (shrunk from ${details.originalSteps})` : '';
  const notes = [
    `sequence on ${details.collection}: ${details.steps.length} steps${shrunk}; seed: ${details.seed} (replay with --seed ${details.seed})`,
  ];
  for (const [index, step] of details.steps.entries())
    notes.push(
      `step ${index + 1}: ${step.title} -> ${step.status ?? 'no response'}${step.failed ? ' (failed)' : ''}: ${step.curl}`,
    );
  return notes;
}

/** `check /pointer: message (received ...; documented ...)`: a finding on one line. */
export function findingLine(finding: Finding): string {
  const detail = [
    finding.received !== undefined ? `received ${finding.received}` : '',
    finding.documented !== undefined ? `documented ${finding.documented}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  const label = finding.class === 'spec-gap' ? 'spec gap: ' : '';
  return `${label}${finding.check}${finding.pointer ? ` ${finding.pointer}` : ''}: ${finding.message}${detail ? ` (${detail})` : ''}`;
}
