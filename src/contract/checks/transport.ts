/** `transport`: a complete response must arrive within the timeout and the body cap. */
import { finding, type Check } from './types.js';

/** Timeouts, dropped connections and oversized bodies. */
export const transportCheck: Check = {
  id: 'transport',
  description: 'a complete response arrives within --timeout and under the body size cap',
  run(exchange) {
    const failure = exchange.failure;
    if (!failure) return [];
    const documented = failure.kind === 'timeout' ? 'a response within the timeout' : failure.kind === 'too-large' ? 'a body under the size cap' : 'a complete HTTP response';
    return [finding(this, exchange, { pointer: '', message: failure.message, received: failure.kind, documented })];
  },
};
