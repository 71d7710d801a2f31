/**
 * `status-documented`: the status is one the operation documents (exact
 * code, range such as 4XX, or default; OAS 4.8.16). Response lists are not
 * exhaustive for errors, and most framework-generated specs document the
 * success alone: an undocumented 4xx that HTTP calls for here (a 404 for an
 * id the run made up, 401 on an auth case, any 4xx for invalid input; see
 * http-refusals.ts) is a spec gap, not a failure. An undocumented 4xx to a
 * valid request is left to `outcome` (the refusal is the failure, not the
 * missing line in the spec). An operation that documents no response at all
 * (OAS 3.1 allows it) gets a spec gap for its successes: the spec says
 * nothing to contradict. Any other undocumented status is a failure.
 */
import { httpRefusalReason } from '../http-refusals.js';
import { type Check, documentedStatuses, finding } from '../types.js';

/** Undocumented statuses (5xx are reported by server-error instead). */
export const statusDocumentedCheck: Check = {
  id: 'status-documented',
  description:
    'the status code is documented for the operation (an undocumented 4xx that HTTP calls for, such as 404 for a made-up id or 401 on an auth case, is a spec gap)',
  scope: ['contract', 'proxy', 'response'],
  run(exchange) {
    const response = exchange.response;
    if (!response || exchange.documented || response.status >= 500) return [];
    const { operation, expect } = exchange.case;
    const status = response.status;
    const clientError = status >= 400 && status < 500;
    const reason = clientError ? httpRefusalReason(exchange, status) : undefined;
    if (reason !== undefined)
      return [
        finding(this, exchange, {
          pointer: '',
          class: 'spec-gap',
          message: `status ${status} is not documented for ${operation.id}, yet it is the right answer here: ${reason}`,
          received: `status ${status}`,
          documented: documentedStatuses(exchange),
        }),
      ];
    if (clientError && expect.outcome === 'success') return [];
    // OAS 3.1 lets an operation document no response at all: the spec is silent, not contradicted.
    if (operation.responses.length === 0 && status < 400)
      return [
        finding(this, exchange, {
          pointer: '',
          class: 'spec-gap',
          message: `status ${status} is not documented for ${operation.id}, which documents no response at all`,
          received: `status ${status}`,
          documented: documentedStatuses(exchange),
        }),
      ];
    return [
      finding(this, exchange, {
        pointer: '',
        message: `status ${status} is not documented for ${operation.id}`,
        received: `status ${status}`,
        documented: documentedStatuses(exchange),
      }),
    ];
  },
};
