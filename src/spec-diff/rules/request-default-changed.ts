/**
 * A request value's `default` changed or was removed: clients that leave
 * the value out now get different behaviour (OAS 3.1.0 section 4.8.24,
 * JSON Schema 2020-12 meta-data section 9.2). The wire format still
 * validates, so the default level is warning; raise it to breaking in the
 * diff config (`levels: { request-default-changed: breaking }`) where defaults are contract.
 */
import { sameValue } from '../same-value.js';
import { walkRule } from './walk-rule.js';

/** request-default-changed */
export const requestDefaultChanged = walkRule({
  id: 'request-default-changed',
  level: 'warning',
  summary: 'a request parameter or property default changed or was removed',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter(
        (pair) =>
          pair.direction === 'request' &&
          pair.base.default &&
          !(pair.head.default && sameValue(pair.base.default.value, pair.head.default.value)),
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name}: default ${pair.head.default ? `changed from ${JSON.stringify(pair.base.default!.value)} to ${JSON.stringify(pair.head.default.value)}` : `${JSON.stringify(pair.base.default!.value)} removed`}: clients that omit it get different behaviour`,
      })),
});
