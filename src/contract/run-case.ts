/**
 * Sending one case and judging what came back: the --header headers added,
 * the run's pace and stop honoured, every check run on the exchange, and
 * the cases the runner cannot judge (an unsendable request, an upgrade, a
 * wrong-credential case against an unpinned plantkit mock) skipped with
 * their reason. run-contract.ts and the phases call it for every request.
 */

import type { CaseResult, ContractCase, Exchange } from '../core/exchange/types.js';
import type { HttpClient, IncomingResult } from '../core/http/http-client.js';
import { analyseExchange } from '../core/response/analyse.js';
import { decodeResponseBody } from '../core/response/decode-response.js';
import type { Check, CheckContext } from '../core/response/types.js';
import type { NormalizedContractOptions } from './options.js';
import { leanResponse } from './retained-result.js';
import { type RunControl, RunStoppedError } from './run-control.js';
import { withFailOn } from './spec-gaps.js';

/**
 * Send one case and check what came back. With a run controller, the
 * request waits for its turn (--rate-limit) and throws RunStoppedError once
 * the run has stopped, including when the stop cut the request off.
 */
export async function runCase(
  contractCase: ContractCase,
  client: HttpClient,
  checks: readonly Check[],
  context: CheckContext,
  settings: Pick<NormalizedContractOptions, 'baseUrl' | 'failOn'> & Partial<Pick<NormalizedContractOptions, 'headers'>>,
  control?: RunControl,
): Promise<CaseResult> {
  const url = settings.baseUrl + contractCase.request.path;
  if (contractCase.skip) {
    return {
      case: contractCase,
      exchange: { case: contractCase, url, durationMs: 0 },
      findings: [],
      verdict: 'skipped',
    };
  }
  const sentCase = withExtraHeaders(contractCase, settings.headers ?? {});
  await control?.acquire();
  const sent = await client.send({ url, ...sentCase.request, ...(control ? { signal: control.signal } : {}) });
  if (sent.unsupported) return unsupportedResult(sentCase, url, sent.durationMs, sent.unsupported);
  const stop = control?.stopped();
  // A request the stop cut off never got its answer: it is not run, not failed.
  if (stop && sent.failure) throw new RunStoppedError(stop);
  const exchange: Exchange = {
    case: sentCase,
    url,
    durationMs: sent.durationMs,
    // Kept by the run's results and the shrinker's history: bytes the body's text gives back are not kept twice.
    ...(sent.response ? { response: leanResponse(sent.response) } : {}),
    ...(sent.failure ? { failure: sent.failure } : {}),
  };
  const analysed = analyseExchange(exchange, await decodeResponseBody(exchange));
  const findings = withFailOn(
    checks.flatMap((check) => check.run(analysed, context)),
    settings.failOn,
  );
  const unpinned = unpinnedMock(sentCase, exchange);
  const result: CaseResult = unpinned
    ? { case: { ...sentCase, skip: unpinned }, exchange, findings: [], verdict: 'skipped' }
    : {
        case: sentCase,
        exchange,
        findings,
        verdict: findings.some((item) => item.severity === 'error') ? 'failed' : 'passed',
      };
  control?.record(result);
  return result;
}

/**
 * A case the runner could not judge (http-client.ts): a request the HTTP
 * client cannot send as built is a value it could not generate, an upgrade
 * an exchange it does not support. A skip with the reason, never a finding.
 */
function unsupportedResult(
  contractCase: ContractCase,
  url: string,
  durationMs: number,
  unsupported: NonNullable<IncomingResult['unsupported']>,
): CaseResult {
  const reason =
    unsupported.kind === 'upgrade'
      ? `not supported by the runner: ${unsupported.message}`
      : `cannot generate a sendable request: ${unsupported.message}`;
  const skipped = { ...contractCase, skip: reason };
  return { case: skipped, exchange: { case: skipped, url, durationMs }, findings: [], verdict: 'skipped' };
}

/**
 * A plantkit mock says in `x-plantkit-mock` which schemes it pins; one that
 * accepts any value for the scheme a wrong-credential case relies on cannot
 * refuse it, so the case is skipped there, saying how to pin the value. Real
 * servers never send the header, so nothing is weakened against them.
 */
function unpinnedMock(contractCase: ContractCase, exchange: Exchange): string | undefined {
  const identity = exchange.response?.headers['x-plantkit-mock'];
  if (!contractCase.needsPinned || identity === undefined) return undefined;
  const pinned = /credentials=pinned:([^;]*)/.exec(identity)?.[1]?.split(',') ?? [];
  if (pinned.includes(contractCase.needsPinned)) return undefined;
  return `the plantkit mock accepts any credential for ${contractCase.needsPinned}; pin it to run this case (plantkit mock --token T, --api-key K or --basic U:P, or start it with PLANTKIT_TOKEN set)`;
}

/**
 * The case with the --header headers added. The case's own headers win, and
 * an auth case never gets an Authorization header it left out on purpose.
 */
function withExtraHeaders(contractCase: ContractCase, extra: Readonly<Record<string, string>>): ContractCase {
  const names = Object.keys(extra).filter(
    (name) => !(name in contractCase.request.headers) && !(contractCase.kind === 'auth' && name === 'authorization'),
  );
  if (names.length === 0) return contractCase;
  const headers = { ...Object.fromEntries(names.map((name) => [name, extra[name]!])), ...contractCase.request.headers };
  return { ...contractCase, request: { ...contractCase.request, headers } };
}
