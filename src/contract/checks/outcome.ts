/**
 * `outcome`: the status says what the case expects. Valid requests succeed
 * (2xx), invalid ones are rejected (4xx), bad credentials never succeed, and
 * contracts/ scenarios get their exact status.
 */
import { previewText } from '../../findings.js';
import { finding, type Check } from './types.js';

/** Accepted-when-invalid, rejected-when-valid, and scenario status mismatches. */
export const outcomeCheck: Check = {
  id: 'outcome',
  description: 'valid requests succeed (2xx), invalid ones get a 4xx, bad credentials never succeed',
  run(exchange) {
    const response = exchange.response;
    if (!response || response.status >= 500) return [];
    const status = response.status;
    const expect = exchange.case.expect;
    const success = status >= 200 && status < 300;
    const received = `status ${status}${success ? '' : `, body ${previewText(response.body, 100)}`}`;
    const successes = exchange.case.operation.responses.filter((r) => r.status.startsWith('2')).map((r) => r.status);
    const problems: Array<[string, string]> = [];
    if (expect.outcome === 'success' && !success) problems.push(['a valid request was not accepted', `a success status (${successes.join(', ') || '2xx'})`]);
    if (expect.outcome === 'rejection' && !(status >= 400 && status < 500)) problems.push(['an invalid request was accepted', 'a 4xx rejection (400)']);
    if (expect.outcome === 'auth-rejection' && !(status >= 400 && status < 500)) problems.push(['a request without valid credentials was not refused', '401, 403 or another 4xx']);
    if (expect.outcome === 'status' && status !== expect.status) problems.push([`expected status ${expect.status}, got ${status}`, `status ${expect.status}`]);
    return problems.map(([message, documented]) => finding(this, exchange, { pointer: '', message, received, documented }));
  },
};
