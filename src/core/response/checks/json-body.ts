/** `json-body`: a JSON response (by header, or by the spec when the header is missing) parses as JSON (RFC 8259). */
import { previewText } from '../../findings.js';
import { type Check, finding } from '../types.js';

/** Unparseable, empty or non-UTF-8 JSON bodies. */
export const jsonBodyCheck: Check = {
  id: 'json-body',
  description: 'a JSON response body is well-formed UTF-8 JSON',
  scope: ['contract', 'proxy', 'response'],
  run(exchange) {
    const response = exchange.response;
    if (!response || !exchange.json) return [];
    if (response.invalidUtf8) {
      return [
        finding(this, exchange, {
          pointer: '',
          message: 'body is not valid UTF-8 (RFC 8259 section 8.1)',
          received: previewText(response.body),
          documented: 'UTF-8 JSON',
        }),
      ];
    }
    if (exchange.json.ok) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: exchange.json.message,
        received: previewText(response.body),
        documented: 'a JSON document',
      }),
    ];
  },
};
