/**
 * Failure signatures (issue 18, section 3): what makes two failures the
 * same bug. A signature is the operation, the check, the status (exact for
 * a 5xx, its class otherwise: 4xx, 2xx; the transport failure's kind when
 * no answer came) and the JSON pointer. Shrinking keeps the signature of
 * the failure it started from (a 500 is never traded for a 4xx), and a run
 * reports one distinct failure per signature, with the cases behind it.
 */

import type { CaseResult, Exchange } from '../core/exchange/types.js';
import type { Finding } from '../core/findings.js';
import type { DistinctFailure } from './types.js';

/** A failure's signature; `key` is its text (`createTodo server-error 500`, `findOne response-schema 2xx /title`). */
export interface FailureSignature {
  key: string;
  operation: string;
  check: string;
  status: string;
  pointer: string;
}

/** The signature of `finding` on `exchange`. */
function signatureOf(finding: Finding, exchange: Exchange): FailureSignature {
  const status = statusPart(exchange);
  const key = `${finding.operation} ${finding.check} ${status}${finding.pointer ? ` ${finding.pointer}` : ''}`;
  return { key, operation: finding.operation, check: finding.check, status, pointer: finding.pointer };
}

/** The signatures of a result's failing findings (severity error), each once, in check order. */
export function failingSignatures(result: CaseResult): FailureSignature[] {
  const seen = new Map<string, FailureSignature>();
  for (const finding of result.findings) {
    if (finding.severity !== 'error') continue;
    const signature = signatureOf(finding, result.exchange);
    if (!seen.has(signature.key)) seen.set(signature.key, signature);
  }
  return [...seen.values()];
}

/** The distinct failures of `results`, in the order their first case was recorded; a case with two signatures is behind both. */
export function distinctFailures(results: readonly CaseResult[]): DistinctFailure[] {
  const byKey = new Map<string, DistinctFailure>();
  for (const result of results) {
    if (result.verdict !== 'failed') continue;
    for (const signature of failingSignatures(result)) {
      let entry = byKey.get(signature.key);
      if (!entry) {
        const first = result.findings.find(
          (finding) => finding.severity === 'error' && signatureOf(finding, result.exchange).key === signature.key,
        )!;
        entry = {
          signature: signature.key,
          operation: signature.operation,
          check: signature.check,
          status: signature.status,
          pointer: signature.pointer,
          message: first.message,
          cases: [],
        };
        byKey.set(signature.key, entry);
      }
      if (!entry.cases.includes(result.case.id)) entry.cases.push(result.case.id);
    }
  }
  return [...byKey.values()];
}

/** `500` for a server error, `4xx` or `2xx` otherwise, the transport failure's kind without an answer. */
function statusPart(exchange: Exchange): string {
  const status = exchange.response?.status;
  if (status === undefined) return exchange.failure?.kind ?? 'no-response';
  return status >= 500 ? String(status) : `${Math.floor(status / 100)}xx`;
}
