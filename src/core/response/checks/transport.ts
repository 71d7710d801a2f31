/** `transport`: a complete response must arrive within the timeout and the body cap. */
import { type Check, finding } from '../types.js';

/** Timeouts, dropped connections and oversized bodies. */
export const transportCheck: Check = {
  id: 'transport',
  description: 'a complete response arrives within --timeout and under the body size cap',
  scope: ['contract', 'proxy'],
  run(exchange) {
    const failure = exchange.failure;
    if (!failure) return [];
    const documented = {
      timeout: 'a response within the timeout',
      'too-large': 'a body under the size cap',
      encoding: 'a body in a Content-Encoding clients decode (gzip, deflate, br)',
      connection: 'a complete HTTP response',
    }[failure.kind];
    return [finding(this, exchange, { pointer: '', message: failure.message, received: failure.kind, documented })];
  },
};
