/**
 * What a run keeps of each exchange once it has been judged and reported.
 * A GitHub-sized run records tens of thousands of results: holding every
 * response body (and its bytes a second time) is what made it peak past a
 * gigabyte. Reporters see every result in full as it is recorded; the run
 * then keeps the full detail only where a later reader needs it.
 */
import type { CaseResult, ReceivedResponse } from './types.js';

/** Which recorded results keep their response bodies after the reporters have seen them (see {@link retainedResult}). */
export type RetainedDetail = 'all' | 'failures';

/**
 * `response` without its bytes when its text gives them back exactly: valid
 * UTF-8 of the same length (the strict decoder drops a byte order mark, so a
 * body with one keeps its bytes). Readers fall back to the text's bytes
 * (checks/decode-response.ts, report/har-entry.ts), so nothing they see changes.
 */
export function leanResponse(response: ReceivedResponse): ReceivedResponse {
  const { bytes, ...rest } = response;
  if (bytes === undefined || response.invalidUtf8 || Buffer.byteLength(response.body) !== bytes.length) return response;
  return rest;
}

/**
 * The result as the run keeps it after reporting: unchanged with `all`;
 * with `failures`, a passed result keeps its status and headers (run hints,
 * the stateful phase's mock check) but not its body, marked `bodyDropped`.
 * Failed and skipped results are always kept whole: reports, reruns and
 * distinct failures read them.
 */
export function retainedResult(result: CaseResult, detail: RetainedDetail): CaseResult {
  const response = result.exchange.response;
  if (detail === 'all' || result.verdict !== 'passed' || !response || response.body === '') return result;
  const { bytes: _bytes, ...kept } = response;
  return { ...result, exchange: { ...result.exchange, response: { ...kept, body: '', bodyDropped: true } } };
}
