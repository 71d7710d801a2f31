/**
 * `status-documented`: the status is one the operation documents (exact
 * code, range such as 4XX, or default; OAS 4.8.16). On auth cases 401 and
 * 403 are allowed although undocumented: a server may use them for bad credentials.
 */
import { documentedStatuses, finding, type Check } from './types.js';

/** Statuses an auth case may get without the spec listing them (RFC 9110 sections 15.5.2, 15.5.4). */
const AUTH_STATUSES = new Set([401, 403]);

/** Undocumented statuses (5xx are reported by server-error instead). */
export const statusDocumentedCheck: Check = {
  id: 'status-documented',
  description: 'the status code is documented for the operation (401/403 allowed on auth cases)',
  run(exchange) {
    const response = exchange.response;
    if (!response || exchange.documented || response.status >= 500) return [];
    if (exchange.case.kind === 'auth' && AUTH_STATUSES.has(response.status)) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: `status ${response.status} is not documented for ${exchange.case.operation.id}`,
        received: `status ${response.status}`,
        documented: documentedStatuses(exchange),
      }),
    ];
  },
};
