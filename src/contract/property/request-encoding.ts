/**
 * A generated request value on the wire: parameters serialised in their
 * styles by the request builder (core/params/encode.ts), the body written by its
 * media type's codec (JSON with int64 digits kept, form, multipart, text,
 * XML, bytes), a required parameter the value leaves out omitted. Values
 * HTTP cannot carry as generated are refused here, never sent: a header
 * value outside RFC 9110 field-value characters or with surrounding
 * whitespace (core/http/wire-text.ts), a path segment `.` or
 * `..` (RFC 3986 section 5.2.4 would remove it before it reaches the server),
 * and a request line with headers over 8 KiB, which common servers refuse
 * with 414 or 431 whatever the spec says (nginx and Apache read about 8 KiB
 * per line; Node's limit is 16 KiB for all headers): an operation with fifty
 * query parameters can otherwise draw a valid request no server reads.
 */

import type { CaseRequest } from '../../core/exchange/types.js';
import { numberText, toJsonValue } from '../../core/generate/logical-value.js';
import { fieldValueProblem } from '../../core/http/wire-text.js';
import type { CaseContext } from '../cases/context.js';
import { encodeBody } from '../cases/request-body.js';
import { buildRequest } from '../cases/request-builder.js';
import { BODY_KEY, type RequestValue } from './request-parts.js';
import type { PropertyTarget } from './target.js';

/** A request ready to check and send, or why the value cannot be sent as generated. */
export type EncodedRequest = { request: CaseRequest } | { unusable: string };

/** Most bytes of the path, query and headers together that a generated request may have (see above). */
const MAX_HEAD_BYTES = 8 * 1024;

/** The request for `value`; `boundary` fixes the multipart boundary, so a replay sends the same bytes. */
export function encodeRequest(
  target: PropertyTarget,
  value: RequestValue,
  context: CaseContext,
  boundary: string,
): EncodedRequest {
  const values = new Map<string, unknown>();
  const omit = new Set<string>();
  for (const part of target.parts) {
    if (!part.parameter) continue;
    if (part.key in value) values.set(part.key, parameterText(value[part.key], part.parameter.mediaType !== undefined));
    else if (part.required) omit.add(part.key);
  }
  const body =
    BODY_KEY in value && target.body ? encodeBody(target.body, wireValue(value[BODY_KEY]), boundary) : undefined;
  let request: CaseRequest;
  try {
    request = buildRequest(
      target.operation,
      { values, omit, ...(body ? { body: body.text, contentType: body.contentType } : {}) },
      context,
    );
  } catch (error) {
    // encodeURIComponent refuses a lone surrogate: it has no UTF-8 form (RFC 3986 section 2.5).
    if (error instanceof URIError)
      return { unusable: 'a value holds a lone surrogate, which has no UTF-8 form to percent-encode' };
    throw error;
  }
  for (const [name, text] of Object.entries(request.headers)) {
    const problem = fieldValueProblem(text);
    if (problem) return { unusable: `header ${name} cannot carry the value as generated: ${problem}` };
  }
  const path = request.path.split('?')[0]!;
  if (path.split('/').some((segment) => segment === '.' || segment === '..'))
    return { unusable: `path ${path} has a dot segment, which URL resolution removes` };
  const head =
    Buffer.byteLength(request.path) +
    Object.entries(request.headers).reduce((sum, [name, text]) => sum + name.length + Buffer.byteLength(text) + 4, 0);
  if (head > MAX_HEAD_BYTES)
    return {
      unusable: `the request line and headers would take ${head} bytes, more than the 8 KiB many servers read (414/431)`,
    };
  return { request };
}

/**
 * A parameter value as encodeParameter reads it: containers with exact
 * number texts, a root number as its digits (a JSON-content parameter's
 * root number goes through a double: it has nowhere to record its text).
 */
function parameterText(value: unknown, asJson: boolean): unknown {
  const text = asJson ? undefined : numberText(value);
  return text ?? toJsonValue(value);
}

/** A generated body value as encodeBody reads it: exact JSON, a root number as it was generated (its digits kept). */
function wireValue(value: unknown): unknown {
  return numberText(value) === undefined ? toJsonValue(value) : value;
}
