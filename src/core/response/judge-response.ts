/**
 * Judging one response on its own, with the shared checks whose scope is
 * `response` and the runner's finding text: `toMatchContract` (src/vitest/) and MSW overrides
 * (src/msw/) say exactly what `plantkit contract` would say of the same
 * response.
 */

import type { Decoded } from '../codec/index.js';
import type { ContractCase, Exchange, ReceivedResponse } from '../exchange/types.js';
import type { Finding } from '../findings.js';
import type { Operation } from '../spec/types.js';
import { analyseExchange } from './analyse.js';
import { checksFor } from './checks/index.js';
import { decodeResponseBody } from './decode-response.js';
import type { CheckContext } from './types.js';

/** The checks that judge a response on its own (no request expectations). */
const ALONE = checksFor('response');

/** The findings of the response checks on `response`, as an answer of `operation`; `label` names the case. */
export async function judgeResponse(
  response: ReceivedResponse,
  operation: Operation,
  context: CheckContext,
  label: string,
): Promise<Finding[]> {
  const exchange = exchangeOf(response, operation, label);
  return judgeExchange(exchange, await decodeResponseBody(exchange), context);
}

/**
 * {@link judgeResponse} for a body already decoded (`decoded`; undefined: none), synchronously;
 * `only` keeps the listed checks (a response whose body is not known yet is judged on its status and headers).
 */
export function judgeDecoded(
  response: ReceivedResponse,
  decoded: Decoded | undefined,
  operation: Operation,
  context: CheckContext,
  label: string,
  only?: readonly string[],
): Finding[] {
  return judgeExchange(exchangeOf(response, operation, label), decoded, context, only);
}

function exchangeOf(response: ReceivedResponse, operation: Operation, label: string): Exchange {
  const contractCase: ContractCase = {
    id: `${operation.id}/${label}`,
    kind: 'positive',
    operation,
    title: label,
    request: { method: operation.method, path: operation.path, headers: {} },
    // The response is judged on its own: any documented status, for a resource taken to exist (a 404
    // the operation does not document fails, as before spec gaps were told apart; issue 18).
    expect: { outcome: 'documented' },
    resource: 'live',
  };
  return { case: contractCase, url: operation.path, durationMs: 0, response };
}

function judgeExchange(
  exchange: Exchange,
  decoded: Decoded | undefined,
  context: CheckContext,
  only?: readonly string[],
): Finding[] {
  const analysed = analyseExchange(exchange, decoded);
  return ALONE.filter((check) => !only || only.includes(check.id)).flatMap((check) => check.run(analysed, context));
}

/** A finding as the console reporter prints it: check, pointer and message, then what was received and documented. */
export function describeFinding(finding: Finding): string {
  const gap = finding.class === 'spec-gap' ? ' (spec gap)' : '';
  const lines = [`  ${finding.check}${finding.pointer ? ` ${finding.pointer}` : ''}${gap}: ${finding.message}`];
  if (finding.received !== undefined) lines.push(`    received:   ${finding.received}`);
  if (finding.documented !== undefined) lines.push(`    documented: ${finding.documented}`);
  return lines.join('\n');
}
