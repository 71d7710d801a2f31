/**
 * `echo`: response fields named by a contracts/ scenario equal the values the
 * request sent, compared where the field is present in both.
 */
import { previewText } from '../../findings.js';
import { canonicalJson } from '../../json/exact-json.js';
import { decodePointer } from '../../json/json-pointer.js';
import { type Check, finding } from '../types.js';

/** Echoed fields that differ from what was sent. */
export const echoCheck: Check = {
  id: 'echo',
  description: 'fields a contracts/ scenario names come back as they were sent',
  scope: ['contract', 'proxy'],
  run(exchange) {
    const expect = exchange.case.expect;
    if (expect.outcome !== 'status' || !expect.echo || !exchange.json?.ok) return [];
    if (exchange.response?.status !== expect.status) return [];
    const findings = [];
    for (const pointer of expect.echo.pointers) {
      const sent = locate(expect.echo.sent, pointer);
      const received = locate(exchange.json.value, pointer);
      if (!sent.found || !received.found) continue;
      // Compare as exact JSON text: key order is irrelevant, int64 digits are not.
      const sentText = canonicalJson(sent.container!, sent.key!);
      const receivedText = canonicalJson(received.container!, received.key!);
      if (sentText === receivedText) continue;
      findings.push(
        finding(this, exchange, {
          pointer,
          message: `body${pointer} differs from the value the request sent`,
          received: previewText(receivedText),
          documented: `${previewText(sentText)} (as sent)`,
        }),
      );
    }
    return findings;
  },
};

function locate(root: unknown, pointer: string): { found: boolean; container?: object; key?: string; value?: unknown } {
  const tokens = decodePointer(pointer);
  const key = tokens.pop();
  let container = root;
  for (const token of tokens)
    container =
      typeof container === 'object' && container !== null ? (container as Record<string, unknown>)[token] : undefined;
  if (key === undefined || typeof container !== 'object' || container === null || !(key in container))
    return { found: false };
  return { found: true, container: container as object, key, value: (container as Record<string, unknown>)[key] };
}
