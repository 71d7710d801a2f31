/**
 * `unexpected-body`: no body where none belongs (RFC 9110: HEAD, 204, 205,
 * 304 never carry one) or where the documented response has no `content`.
 */
import { previewText } from '../../findings.js';
import { type Check, finding } from '../types.js';

/** A body the spec does not document. */
export const unexpectedBodyCheck: Check = {
  id: 'unexpected-body',
  description: 'responses documented without content (and 204, 205, 304, HEAD) carry no body',
  scope: ['contract', 'proxy', 'response'],
  run(exchange) {
    const response = exchange.response;
    if (!response || exchange.bodyExpected || response.body === '') return [];
    const status = response.status;
    const why =
      exchange.documented && exchange.documented.content.length === 0
        ? `the spec documents status ${status} without content`
        : `status ${status} never carries a body (RFC 9110)`;
    return [
      finding(this, exchange, {
        pointer: '',
        message: `a body was sent where none belongs: ${why}`,
        received: previewText(response.body),
        documented: 'no body',
      }),
    ];
  },
};
