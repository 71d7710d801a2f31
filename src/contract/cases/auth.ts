/**
 * Auth cases for operations that require HTTP bearer credentials (the
 * interface document's Authentication section; RFC 6750 section 2.1): no
 * Authorization header, `Bearer ` with no token, another scheme, a wrong
 * token. None may succeed; 401 and 403 count as rejection even where the spec
 * does not list them.
 */
import type { Operation } from '../../spec/types.js';
import type { ContractCase } from '../types.js';
import type { CaseContext } from './context.js';
import { jsonRequestBody, sampleBody } from './request-body.js';
import { requiresCredentials, usesBearer } from '../../spec/security.js';
import { buildRequest, type Credentials } from './request-builder.js';

/** A token no server can have issued: fixed text plus the run's unique counter. */
function wrongToken(context: CaseContext): string {
  return `plantkit-wrong-token-${context.nextInteger().toString(36)}`;
}

/** Auth cases of one operation; none when it does not require bearer credentials. */
export function authCases(operation: Operation, context: CaseContext): ContractCase[] {
  if (!requiresCredentials(operation) || !usesBearer(operation)) return [];
  const body = jsonRequestBody(operation, context);
  const sample = body && sampleBody(body, 'minimal', context);
  const bodyParts = sample && !sample.problem ? { body: sample.text, contentType: body.media.mediaType } : {};
  const variants: Array<[string, string, Credentials]> = [
    ['missing', 'no Authorization header', { use: 'none' }],
    ['empty-token', "Authorization 'Bearer ' with no token", { use: 'authorization', value: 'Bearer ' }],
    ['other-scheme', 'Authorization with the Basic scheme instead of Bearer', { use: 'authorization', value: 'Basic cGxhbnRraXQ6cGxhbnRraXQ=' }],
  ];
  if (context.token !== undefined) {
    variants.push(['wrong-token', 'a bearer token the server never issued', { use: 'authorization', value: `Bearer ${wrongToken(context)}` }]);
  }
  return variants.map(([suffix, title, credentials]) => ({
    id: `${operation.id}/auth/${suffix}`,
    kind: 'auth',
    operation,
    title,
    request: buildRequest(operation, { ...bodyParts, credentials }, context),
    expect: { outcome: 'auth-rejection' },
  }));
}
