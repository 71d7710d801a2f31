/**
 * Negative cases about the body as a whole: malformed JSON, an empty body,
 * JSON that is not an object, and a Content-Type the operation does not
 * accept. Each must be rejected with a client error (4xx).
 */
import { matchMediaType } from '../../http/media-type.js';
import type { Operation } from '../../spec/types.js';
import type { ContractCase } from '../types.js';
import type { CaseContext } from './context.js';
import { jsonRequestBody, sampleBody } from './request-body.js';
import { buildRequest, type RequestParts } from './request-builder.js';

/** Whole-body negative cases of one operation. */
export function negativeSyntaxCases(operation: Operation, context: CaseContext): ContractCase[] {
  const body = jsonRequestBody(operation, context);
  if (!body) return [];
  const minimal = sampleBody(body, 'minimal', context);
  if (minimal.problem) return [];
  const contentType = body.media.mediaType;
  const make = (suffix: string, title: string, parts: RequestParts): ContractCase => ({
    id: `${operation.id}/negative/${suffix}`,
    kind: 'negative',
    operation,
    title,
    request: buildRequest(operation, parts, context),
    expect: { outcome: 'rejection' },
  });

  const cases = [make('malformed-json', 'malformed JSON (the body is cut off before its end)', { body: minimal.text.slice(0, -1), contentType })];
  if (body.required) cases.push(make('empty-body', `empty body sent as ${contentType}`, { body: '', contentType }));
  const wrapped = [minimal.value];
  if (body.validate(wrapped).length > 0) {
    cases.push(make('not-an-object', 'JSON that is not an object (a list holding a valid body)', { body: `[${minimal.text}]`, contentType }));
  }
  const documented = operation.requestBody?.content.map((media) => media.mediaType) ?? [];
  if (!matchMediaType('text/plain', documented)) {
    cases.push(make('wrong-content-type', 'valid JSON sent with Content-Type text/plain', { body: minimal.text, contentType: 'text/plain' }));
  }
  return cases;
}
