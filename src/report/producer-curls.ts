/**
 * The curl lines of a case's producer steps (issue 18 section 4): a case
 * that names a live resource (an id a create answered) reproduces only
 * after that resource exists again, so its reproduce line comes after the
 * producers' own, in the order they ran. A server that names the new
 * resource otherwise (a new id, `file (1).bin`) needs that name in the
 * case's line: the console says so.
 */
import { type Secret, toCurl } from '../core/exchange/redact.js';
import type { CaseResult } from '../core/exchange/types.js';

/** One producer step as a curl line, with what it produced for the case. */
export interface ProducerCurl {
  /** `path:filename = file.bin, from uploadFile`. */
  produced: string;
  curl: string;
}

/** The producer curl lines of a failed case (empty for a case that used no pooled value). */
export function producerCurls(result: CaseResult, secrets: readonly Secret[]): ProducerCurl[] {
  const producers = result.case.producers ?? [];
  const url = result.exchange.url;
  const path = result.case.request.path;
  if (result.verdict !== 'failed' || producers.length === 0 || !url.endsWith(path)) return [];
  // The case's URL is the base URL and its path: the producers' requests go to the same base.
  const base = url.slice(0, url.length - path.length);
  return producers.map((step) => ({
    produced: `${step.parameter} = ${step.value}, from ${step.operation}`,
    curl: toCurl(`${base}${step.request.path}`, step.request, secrets),
  }));
}
