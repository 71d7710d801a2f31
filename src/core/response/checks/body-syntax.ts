/**
 * `body-syntax`: a non-JSON body reads as its media type: well-formed XML,
 * a multipart body with its boundary, UTF-8 text (JSON has its own check,
 * `json-body`).
 */
import { previewText } from '../../findings.js';
import { type Check, finding } from '../types.js';

/** Bodies their own media type's codec cannot read. */
export const bodySyntaxCheck: Check = {
  id: 'body-syntax',
  description: 'a non-JSON body is well-formed for its media type (XML, multipart, text)',
  scope: ['contract', 'proxy', 'response'],
  run(exchange) {
    const response = exchange.response;
    if (!response || exchange.json || !exchange.decoded || exchange.decoded.ok) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: exchange.decoded.message,
        received: previewText(response.body),
        documented: `a ${exchange.media?.mediaType ?? 'documented'} body`,
      }),
    ];
  },
};
