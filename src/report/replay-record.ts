/**
 * What `plantkit contract --rerun-failed` needs of a failed case to send it
 * again exactly: the request (its path relative to the base URL, its body
 * whole), what it expects, and the producer steps that gave it a live
 * resource. Secrets become `${VARIABLE}` references (redact.ts); a header
 * holding a secret given literally (a --header value) is left out, as the
 * rerun's own --header sends it again. A stateful sequence is replayed from
 * its seed instead (case-record.ts keeps it), so it has none.
 */
import { type Secret, withSecretReferences } from '../core/exchange/redact.js';
import type { CaseRequest, CaseResult, Expectation, ProducerStep, ResourceState } from '../core/exchange/types.js';

/** A request as a report keeps it for a rerun. */
export interface ReplayRequest {
  method: string;
  /** Path and query, relative to the base URL; secrets as references. */
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

/** A failed case as `--rerun-failed` sends it again. */
export interface ReplayRecord {
  request: ReplayRequest;
  expect: Expectation;
  resource: ResourceState | null;
  /** The security scheme whose pinned value a wrong-credential case relies on. */
  needsPinned: string | null;
  /** Requests to send first, each giving a live value for a parameter (producer to consumer). */
  producers: Array<Omit<ProducerStep, 'request'> & { request: ReplayRequest }>;
}

/** The replay record of a failed case; null for anything else, or when a secret in it has no variable to name. */
export function replayRecord(result: CaseResult, secrets: readonly Secret[]): ReplayRecord | null {
  const { case: contractCase } = result;
  if (result.verdict !== 'failed' || result.sequence) return null;
  const request = replayRequest(contractCase.request, secrets);
  const producers = (contractCase.producers ?? []).map((step) => ({
    ...step,
    request: replayRequest(step.request, secrets),
  }));
  if (!request || producers.some((step) => !step.request)) return null;
  return {
    request,
    expect: contractCase.expect,
    resource: contractCase.resource ?? null,
    needsPinned: contractCase.needsPinned ?? null,
    producers: producers as ReplayRecord['producers'],
  };
}

function replayRequest(request: CaseRequest, secrets: readonly Secret[]): ReplayRequest | undefined {
  const path = withSecretReferences(request.path, secrets);
  const body = request.body === undefined ? null : withSecretReferences(request.body, secrets);
  if (path === undefined || body === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const referenced = withSecretReferences(value, secrets);
    if (referenced !== undefined) headers[name] = referenced;
  }
  return { method: request.method, path, headers, body };
}
