/**
 * `outcome`: the status says what the case expects. A valid request gets a
 * non-error status (2xx, 3xx), or a refusal that leaves it valid: "not
 * found" (404, 410) for a resource the run made up or deleted, documented
 * or not, a documented 409 (a conflict with what the server holds), or a
 * status HTTP calls for whatever the request's validity (429, a 413 for a
 * body, ...; http-refusals.ts). A 404 for a resource the run knows exists,
 * or any other 4xx (a documented 400 or 422 included), denies a valid
 * request: a failure. Invalid requests are rejected (4xx); bad credentials
 * never succeed; contracts/ scenarios get their exact status.
 */

import type { Exchange } from '../../exchange/types.js';
import { previewText } from '../../findings.js';
import type { Operation } from '../../spec/types.js';
import { validityKeepingReason } from '../http-refusals.js';
import { NOT_FOUND_STATUSES, resourceStateOf } from '../resource-state.js';
import { type Check, finding } from '../types.js';

/** Accepted-when-invalid, rejected-when-valid, and scenario status mismatches. */
export const outcomeCheck: Check = {
  id: 'outcome',
  description: 'valid requests get a documented non-error status, invalid ones a 4xx, bad credentials never succeed',
  scope: ['contract', 'proxy'],
  run(exchange) {
    const response = exchange.response;
    if (!response || response.status >= 500) return [];
    const status = response.status;
    const expect = exchange.case.expect;
    const received = `status ${status}${status < 300 ? '' : `, body ${previewText(response.body, 100)}`}`;
    const problems: Array<[string, string]> = [];
    if (expect.outcome === 'success' && !acceptsValid(exchange, status))
      problems.push([refusalMessage(exchange, status), successStatuses(exchange.case.operation)]);
    if (expect.outcome === 'rejection' && !(status >= 400 && status < 500))
      problems.push(['an invalid request was accepted', 'a 4xx rejection (400)']);
    if (expect.outcome === 'auth-rejection' && !(status >= 400 && status < 500))
      problems.push(['a request without valid credentials was not refused', '401, 403 or another 4xx']);
    if (expect.outcome === 'status' && status !== expect.status)
      problems.push([`expected status ${expect.status}, got ${status}`, `status ${expect.status}`]);
    return problems.map(([message, documented]) =>
      finding(this, exchange, { pointer: '', message, received, documented }),
    );
  },
};

/** Is `status` a right answer to a valid request? */
function acceptsValid(exchange: Exchange, status: number): boolean {
  if (status < 400) return true;
  if (validityKeepingReason(exchange, status) !== undefined) return true;
  // A stateful step's item that went missing is `resource-available`'s finding: one bug, one finding.
  if (NOT_FOUND_STATUSES.has(status) && exchange.case.stateful?.item) return true;
  const operation = exchange.case.operation;
  const code = String(status);
  const documented = operation.responses.map((response) => response.status);
  // A documented 409 is a conflict with what the server already holds (RFC 9110 section 15.5.10): a create whose id or unique name is taken.
  if (code === '409' && documented.includes(code)) return true;
  // An operation that documents only errors cannot succeed: any documented status is its answer.
  const documentsSuccess = documented.some((key) => /^[123]/.test(key) || key === 'default');
  return !documentsSuccess && documented.some((key) => key === code || key === `${code[0]}XX`);
}

/** Why the refusal is wrong: a live resource reported missing says so. */
function refusalMessage(exchange: Exchange, status: number): string {
  if (NOT_FOUND_STATUSES.has(status) && resourceStateOf(exchange.case) === 'live')
    return `a valid request for a resource that exists got ${status}`;
  return 'a valid request was not accepted';
}

function successStatuses(operation: Operation): string {
  const success = operation.responses.map((response) => response.status).filter((key) => /^[123]/.test(key));
  const conflict = operation.responses.some((response) => response.status === '409') ? ['409'] : [];
  return `a documented non-error status (${[...success, ...conflict].join(', ') || '2xx'})`;
}
