/**
 * `outcome`: the status says what the case expects. A valid request gets a
 * documented non-error status (2xx, a documented 3xx), or a documented 404,
 * 409 or 410 when it names a resource by path parameter (a valid request
 * for a resource that does not exist is answered correctly), or a documented
 * 409 anywhere (a create whose id or unique name is taken); invalid
 * requests are rejected (4xx); bad credentials never succeed; contracts/
 * scenarios get their exact status.
 */
import { previewText } from '../../findings.js';
import type { Operation } from '../../spec/types.js';
import { finding, type Check } from './types.js';

/** Statuses a valid request may get for a resource that is not there (RFC 9110 sections 15.5.5, 15.5.10, 15.5.11). */
const RESOURCE_STATE = ['404', '409', '410'];

/** Accepted-when-invalid, rejected-when-valid, and scenario status mismatches. */
export const outcomeCheck: Check = {
  id: 'outcome',
  description: 'valid requests get a documented non-error status, invalid ones a 4xx, bad credentials never succeed',
  run(exchange) {
    const response = exchange.response;
    if (!response || response.status >= 500) return [];
    const status = response.status;
    const expect = exchange.case.expect;
    const operation = exchange.case.operation;
    const received = `status ${status}${status < 300 ? '' : `, body ${previewText(response.body, 100)}`}`;
    const problems: Array<[string, string]> = [];
    if (expect.outcome === 'success' && !acceptsValid(operation, status))
      problems.push(['a valid request was not accepted', successStatuses(operation)]);
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
function acceptsValid(operation: Operation, status: number): boolean {
  if (status < 400) return true;
  const code = String(status);
  const documented = operation.responses.map((response) => response.status);
  if (
    RESOURCE_STATE.includes(code) &&
    operation.parameters.some((parameter) => parameter.in === 'path') &&
    documented.some((key) => key === code)
  )
    return true;
  // A documented 409 is a conflict with what the server already holds (RFC 9110 section 15.5.10): a create whose id or unique name is taken.
  if (code === '409' && documented.includes(code)) return true;
  // An operation that documents only errors cannot succeed: any documented status is its answer.
  const documentsSuccess = documented.some((key) => /^[123]/.test(key) || key === 'default');
  return !documentsSuccess && documented.some((key) => key === code || key === `${code[0]}XX`);
}

function successStatuses(operation: Operation): string {
  const success = operation.responses.map((response) => response.status).filter((key) => /^[123]/.test(key));
  const resources = operation.responses
    .map((response) => response.status)
    .filter(
      (key) =>
        key === '409' ||
        (RESOURCE_STATE.includes(key) && operation.parameters.some((parameter) => parameter.in === 'path')),
    );
  return `a documented non-error status (${[...success, ...resources].join(', ') || '2xx'})`;
}
