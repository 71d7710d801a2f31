/** `server-error`: no request, valid or not, may make the server fail (5xx). */
import { previewText } from '../../findings.js';
import { type Check, finding } from '../types.js';

/** Any 5xx status. */
export const serverErrorCheck: Check = {
  id: 'server-error',
  description: 'the server never answers with a 5xx status',
  scope: ['contract', 'proxy', 'response'],
  run(exchange) {
    const response = exchange.response;
    if (!response || response.status < 500) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: `server error ${response.status}`,
        received: `status ${response.status}, body ${previewText(response.body)}`,
        documented: exchange.case.kind === 'negative' ? 'a 4xx rejection of the invalid request' : 'no 5xx',
      }),
    ];
  },
};
