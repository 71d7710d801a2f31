/**
 * `response-schema`: the body is valid against the schema documented for its
 * status and media type, one finding per schema violation: every 200 and
 * every 400 body of a run is checked.
 */
import { isXmlMediaType } from '../../codec/index.js';
import { classOfSeverity, describeValue, preview } from '../../findings.js';
import { exactNumberText } from '../../json/exact-json.js';
import { decodePointer, valueAt } from '../../json/json-pointer.js';
import { describeViolation, type SchemaViolation } from '../../validation/violations.js';
import { type AnalysedExchange, type Check, type CheckContext, finding } from '../types.js';

/** Schema violations of the response body. */
export const responseSchemaCheck: Check = {
  id: 'response-schema',
  description: 'the body is valid against the schema documented for its status and media type',
  scope: ['contract', 'proxy', 'response'],
  run(exchange, context) {
    // XML is read into values through the schema's xml objects, which servers map in more ways than one: a warning, not a failure.
    const severity =
      exchange.json === undefined && exchange.media && isXmlMediaType(exchange.media.mediaType.toLowerCase())
        ? 'warning'
        : 'error';
    return violationsOf(exchange, context, 'response').map((violation) => ({
      ...toFinding(this.id, exchange, violation),
      severity,
      class: classOfSeverity(severity),
    }));
  },
};

/** Violations of the chosen validator (`response` or the closed `undeclared` view), [] when not applicable. */
export function violationsOf(
  exchange: AnalysedExchange,
  context: CheckContext,
  view: 'response' | 'undeclared',
): SchemaViolation[] {
  const response = exchange.response;
  if (!response || !exchange.documented) return [];
  const body = bodyValue(exchange);
  if (!body.present) return [];
  const mediaType = response.headers['content-type'] ?? exchange.media?.mediaType ?? 'application/json';
  const validate = context.validators[view](exchange.case.operation.id, response.status, mediaType);
  return validate ? validate(body.value) : [];
}

/** The body as a value: parsed JSON, or what its media type's codec read (when the schema can describe it). */
function bodyValue(exchange: AnalysedExchange): { present: true; value: unknown } | { present: false } {
  if (exchange.json) return exchange.json.ok ? { present: true, value: exchange.json.value } : { present: false };
  if (exchange.decoded?.ok && exchange.decoded.validatable) return { present: true, value: exchange.decoded.value };
  return { present: false };
}

/** A finding for one violation: where, what came, what the spec documents. */
export function toFinding(check: string, exchange: AnalysedExchange, violation: SchemaViolation) {
  const parsed = bodyValue(exchange);
  const body = parsed.present ? parsed.value : undefined;
  const missing = violation.keyword === 'required';
  return finding(check, exchange, {
    pointer: violation.pointer,
    message: `${describeViolation(violation)} (status ${exchange.response?.status})`,
    received: missing
      ? `absent from ${preview(valueAt(body, violation.instancePath), 70)}`
      : receivedAt(body, violation.pointer),
    documented: violation.message,
  });
}

function receivedAt(body: unknown, pointer: string): string {
  const tokens = decodePointer(pointer);
  const last = tokens.pop();
  const parent = valueAt(body, tokens.length ? `/${tokens.join('/')}` : '');
  const exact = exactNumberText(parent, last);
  return exact ?? describeValue(valueAt(body, pointer));
}
