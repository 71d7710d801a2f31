/**
 * `content-type`: the response's Content-Type is a media type documented for
 * its status. Parameters such as `; charset=utf-8` are allowed (RFC 9110 section 8.3).
 */
import { forbidsBody } from '../../http/bodyless.js';
import { matchMediaType } from '../../http/media-type.js';
import { type Check, finding } from '../types.js';

/** Missing or undocumented Content-Type. */
export const contentTypeCheck: Check = {
  id: 'content-type',
  description: 'the Content-Type is a media type documented for the status (parameters allowed)',
  scope: ['contract', 'proxy', 'response'],
  run(exchange) {
    const response = exchange.response;
    const documented = exchange.documented?.content.map((media) => media.mediaType) ?? [];
    // An empty body that has no media type is right where no body belongs (204, 304, HEAD; RFC 9110 section 8.3).
    if (
      !response ||
      documented.length === 0 ||
      (response.body === '' && !exchange.bodyExpected) ||
      (response.body === '' && forbidsBody(response.status, exchange.case.request.method))
    )
      return [];
    const header = response.headers['content-type'];
    if (exchange.mediaType && matchMediaType(exchange.mediaType.essence, documented)) return [];
    // A spec key that is no media type (`xls`) is matched as written.
    if (header !== undefined && documented.some((key) => key.toLowerCase() === header.trim().toLowerCase())) return [];
    return [
      finding(this, exchange, {
        pointer: '',
        message: header
          ? `Content-Type ${header} is not documented for status ${response.status}`
          : `no Content-Type header on a status ${response.status} response`,
        received: header ?? 'no Content-Type',
        documented: documented.join(' or '),
      }),
    ];
  },
};
