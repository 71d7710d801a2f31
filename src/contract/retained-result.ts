/**
 * What a run keeps of each exchange once it has been judged and reported.
 * A GitHub-sized run records tens of thousands of results: holding every
 * response body (and its bytes a second time) is what made it peak past a
 * gigabyte. Reporters see every result in full as it is recorded; the run
 * then keeps the full detail only where a later reader needs it.
 */
import type { CaseResult, ReceivedResponse } from '../core/exchange/types.js';

/** Which recorded results keep their response bodies after the reporters have seen them (see {@link retainedResult}). */
export type RetainedDetail = 'all' | 'failures' | 'verdicts';

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
 * the stateful phase's mock check) but not its body, marked `bodyDropped`;
 * with `verdicts`, only what the run reads of it later (verdictRecord).
 * Failed and skipped results are always kept whole: reports, reruns and
 * distinct failures read them.
 */
export function retainedResult(result: CaseResult, detail: RetainedDetail): CaseResult {
  const response = result.exchange.response;
  if (detail === 'all' || result.verdict !== 'passed' || !response) return result;
  if (detail === 'verdicts') return verdictRecord(result, response);
  if (response.body === '') return result;
  const { bytes: _bytes, ...kept } = response;
  return { ...result, exchange: { ...result.exchange, response: { ...kept, body: '', bodyDropped: true } } };
}

/** The one response header the run reads after reporting: a plantkit mock's identity (stateful/run-sequence.ts). */
const KEPT_HEADER = 'x-plantkit-mock';

/**
 * A passed result as the CLI keeps it (`verdicts`): a GitHub-sized run
 * records some 30,000 (40 MB of results at 23,500), and V8 lets the heap
 * grow to about four times what it holds, so each MB kept costs about four
 * of peak RSS. Kept: id,
 * kind, operation, title, expectation, verdict, findings and details (the
 * counts, hints and coverage), the status, the `x-plantkit-mock` header, and
 * the request body of a static case the server accepted (2xx): the
 * generated cases keep clear of the ids it holds (property/unique-ids.ts).
 * The request's path and headers, the URL, the producer steps and the
 * response's other headers and body are dropped (`bodyDropped`).
 */
function verdictRecord(result: CaseResult, response: ReceivedResponse): CaseResult {
  const { case: sent, exchange } = result;
  const { producers: _producers, request, ...identity } = sent;
  const accepted = response.status >= 200 && response.status < 300;
  const beforeGenerated = sent.kind !== 'generated' && sent.kind !== 'stateful';
  const contractCase = {
    ...identity,
    request: {
      method: request.method,
      path: '',
      headers: {},
      ...(accepted && beforeGenerated && request.body !== undefined ? { body: request.body } : {}),
    },
  };
  const mock = response.headers[KEPT_HEADER];
  return {
    ...result,
    case: contractCase,
    exchange: {
      case: contractCase,
      url: '',
      durationMs: exchange.durationMs,
      response: {
        status: response.status,
        headers: mock === undefined ? {} : { [KEPT_HEADER]: mock },
        body: '',
        truncated: response.truncated,
        invalidUtf8: response.invalidUtf8,
        bodyDropped: true,
      },
      ...(exchange.failure ? { failure: exchange.failure } : {}),
    },
  };
}
