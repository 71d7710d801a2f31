/**
 * Positive cases: requests the spec says are valid must get a documented
 * success status with a valid body. The spec's own request examples, a
 * minimal body (required properties only) and a full body (every property).
 */
import { stringifyJson } from '../../json/exact-json.js';
import type { Operation } from '../../spec/types.js';
import type { ContractCase } from '../types.js';
import type { CaseContext } from './context.js';
import { jsonRequestBody, sampleBody } from './request-body.js';
import { buildRequest } from './request-builder.js';

/** Positive cases of one operation. Invalid examples are left to `plantkit spec check`. */
export function positiveCases(operation: Operation, context: CaseContext): ContractCase[] {
  const body = jsonRequestBody(operation, context);
  const make = (suffix: string, title: string, text: string | undefined): ContractCase => ({
    id: `${operation.id}/positive/${suffix}`,
    kind: 'positive',
    operation,
    title,
    request: buildRequest(operation, { ...(text === undefined ? {} : { body: text, contentType: body?.media.mediaType }) }, context),
    expect: { outcome: 'success' },
  });
  if (!body) return [make('request', 'request with the documented parameters', undefined)];

  const cases: ContractCase[] = [];
  for (const example of body.media.examples) {
    if (body.validate(example.value).length > 0) continue;
    cases.push(make(`example/${example.name}`, `request example '${example.name}'`, stringifyJson(example.value)));
  }
  const minimal = sampleBody(body, 'minimal', context);
  if (!minimal.problem) cases.push(make('minimal', 'minimal body (required properties only)', minimal.text));
  const full = sampleBody(body, 'full', context);
  if (!full.problem && Object.keys(asObject(full.value)).length > Object.keys(asObject(minimal.value)).length) {
    cases.push(make('full', 'full body (every declared property)', full.text));
  }
  if (cases.length === 0) {
    // Sending a body plantkit knows to be invalid as a positive case would be a false alarm.
    const skipped = make('minimal', 'minimal body (required properties only)', minimal.text);
    skipped.skip = `no valid body to send: the sampled one fails (${minimal.problem}); add a request example to the spec`;
    cases.push(skipped);
  }
  return cases;
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
