/**
 * Negative cases about the body as a whole: a body cut off before its end
 * (JSON, XML, multipart), an empty body where one is required, JSON that is
 * not an object, and a Content-Type the operation does not accept. Each is
 * checked on the wire and must be rejected with a client error (4xx).
 */

import type { ContractCase } from '../../core/exchange/types.js';
import { matchMediaType } from '../../core/http/media-type.js';
import type { Operation } from '../../core/spec/types.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, sendableBody } from './request-body.js';
import { buildRequest, type RequestParts } from './request-builder.js';
import { requestViolations } from './wire-check.js';

/** Codecs whose text, cut short, is no longer a body of the media type. */
const CUTTABLE = new Set(['json', 'xml', 'multipart']);

/** Whole-body negative cases of one operation. */
export async function negativeSyntaxCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  const body = sendableBody(operation, context);
  if (!body) return [];
  const minimal = bodyValue(body, 'minimal', context);
  if (!minimal.ok) return [];
  const { text, contentType } = encodeBody(body, minimal.value);
  const cases: ContractCase[] = [];
  const add = async (suffix: string, title: string, parts: RequestParts) => {
    const candidate: ContractCase = {
      id: `${operation.id}/negative/${suffix}`,
      kind: 'negative',
      operation,
      title,
      request: buildRequest(operation, parts, context),
      expect: { outcome: 'rejection' },
    };
    if ((await requestViolations(operation, candidate.request, context)).length > 0) cases.push(candidate);
  };

  const noun = body.codec.name === 'json' ? 'JSON' : body.codec.name === 'xml' ? 'XML' : body.media.mediaType;
  if (CUTTABLE.has(body.codec.name))
    await add(
      body.codec.name === 'json' ? 'malformed-json' : 'malformed-body',
      `malformed ${noun} (the body is cut off before its end)`,
      { body: text.slice(0, -1), contentType },
    );
  if (body.required) await add('empty-body', `empty body sent as ${body.media.mediaType}`, { body: '', contentType });
  if (body.codec.name === 'json')
    await add('not-an-object', 'JSON that is not an object (a list holding a valid body)', {
      body: `[${text}]`,
      contentType,
    });
  const documented = operation.requestBody?.content.map((media) => media.mediaType) ?? [];
  const wrongType = matchMediaType('text/plain', documented) ? 'application/octet-stream' : 'text/plain';
  if (!matchMediaType(wrongType, documented))
    await add('wrong-content-type', `valid ${noun} sent with Content-Type ${wrongType}`, {
      body: text,
      contentType: wrongType,
    });
  return cases;
}
