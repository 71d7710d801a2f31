/**
 * `status-documented`: the status is one the operation documents (exact
 * code, range such as 4XX, or default; OAS 4.8.16). Response lists are not
 * exhaustive for errors: an invalid request may get a 4xx the spec does not
 * list (frameworks answer a wrong Content-Type with 415), so on negative
 * cases an undocumented 4xx is a warning, said once per operation and
 * status. On auth cases 401 and 403 are allowed although undocumented.
 */
import { documentedStatuses, finding, type Check } from './types.js';

/** Statuses an auth case may get without the spec listing them (RFC 9110 sections 15.5.2, 15.5.4). */
const AUTH_STATUSES = new Set([401, 403]);

/** Undocumented statuses (5xx are reported by server-error instead). */
export const statusDocumentedCheck: Check = {
  id: 'status-documented',
  description:
    'the status code is documented for the operation (401/403 allowed on auth cases; an undocumented 4xx for invalid input is a warning)',
  run(exchange, context) {
    const response = exchange.response;
    if (!response || exchange.documented || response.status >= 500) return [];
    const { operation, kind } = exchange.case;
    if (kind === 'auth' && AUTH_STATUSES.has(response.status)) return [];
    const clientError = response.status >= 400 && response.status < 500;
    if (clientError && exchange.case.expect.outcome === 'rejection') {
      const documentsErrors = operation.responses.some((item) => item.status.startsWith('4'));
      const key = `${this.id}\u0000${operation.id}\u0000${documentsErrors ? response.status : 'none'}`;
      if (!context.once(key)) return [];
      const message = documentsErrors
        ? `invalid input got status ${response.status}, which ${operation.id} does not document (it documents ${documentedStatuses(exchange)})`
        : `the spec documents no error response for invalid input to ${operation.id} (got ${response.status})`;
      return [
        finding(this, exchange, {
          pointer: '',
          severity: 'warning',
          message,
          received: `status ${response.status}`,
          documented: documentedStatuses(exchange),
        }),
      ];
    }
    return [
      finding(this, exchange, {
        pointer: '',
        message: `status ${response.status} is not documented for ${operation.id}`,
        received: `status ${response.status}`,
        documented: documentedStatuses(exchange),
      }),
    ];
  },
};
