/**
 * Turn an operation plus a case's choices into a concrete request:
 * parameters serialised in their styles (core/params/encode.ts), the Accept
 * header asking for what the operation documents, and credentials attached
 * the way the first satisfiable security requirement says (security/).
 */

import type { CaseRequest } from '../../core/exchange/types.js';
import { acceptFor } from '../../core/http/accept.js';
import { formatCookie } from '../../core/params/cookies.js';
import { encodeParameter } from '../../core/params/encode.js';
import { templatePath } from '../../core/routing/path-template.js';
import { credentialFor } from '../../core/security/credentials.js';
import { type CredentialTarget, handlerFor, type InvalidCredentials } from '../../core/security/index.js';
import type { Operation, OperationParameter, SecurityRequirement } from '../../core/spec/types.js';
import { canSatisfy } from '../credentials.js';
import type { CaseContext } from './context.js';
import { parametersToSend, parameterValue } from './request-parameters.js';

/** How the request carries credentials. */
export type Credentials =
  /** As the first satisfiable security requirement says, with the configured credentials. */
  | { use: 'token' }
  /** No credentials at all. */
  | { use: 'none' }
  /** This exact Authorization header value. */
  | { use: 'authorization'; value: string }
  /** The configured credentials of `requirement`, then one scheme's invalid variant applied (auth cases). */
  | { use: 'variant'; variant: InvalidCredentials; requirement: SecurityRequirement };

/** Parts of a request that a case chooses. */
export interface RequestParts {
  /** Body text; undefined sends no body. */
  body?: string;
  /** Content-Type to send with a body; defaults to the first documented request media type. */
  contentType?: string;
  credentials?: Credentials;
  /** Path, query and header parameters given explicitly as text (contracts/ files); the rest are chosen here. */
  parameters?: { path?: Record<string, unknown>; query?: Record<string, unknown>; headers?: Record<string, string> };
  /** Parameter values chosen by the case, by `in:name` (negative cases put invalid ones here). */
  values?: ReadonlyMap<string, unknown>;
  /** Parameters to leave out, by `in:name` (a missing required parameter). */
  omit?: ReadonlySet<string>;
  /** Which optional parameters to send: none (`minimal`, the default) or all (`full`). */
  mode?: 'minimal' | 'full';
}

/** A request and, when a parameter could not be given a valid value, why. */
export interface BuiltRequest {
  request: CaseRequest;
  problem: string | undefined;
}

/** `in:name`, the key of a parameter in `values` and `omit`. */
export function parameterKey(parameter: { in: string; name: string }): string {
  return `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
}

/** The request for `operation` with the given parts. */
export function buildRequest(operation: Operation, parts: RequestParts, context: CaseContext): CaseRequest {
  return buildRequestChecked(operation, parts, context).request;
}

/** The request for `operation`, and the first parameter no valid value was found for. */
export function buildRequestChecked(operation: Operation, parts: RequestParts, context: CaseContext): BuiltRequest {
  const given = parts.parameters ?? {};
  const target: CredentialTarget = {
    headers: { accept: acceptFor(documentedMediaTypes(operation)) },
    query: [],
    cookies: [],
  };
  const queryPairs: string[] = [];
  let path = templatePath(operation.path);
  let problem: string | undefined;
  const chosen = (parameter: OperationParameter) =>
    parts.values?.has(parameterKey(parameter)) === true ||
    (parameter.in === 'query' && given.query?.[parameter.name] !== undefined) ||
    (parameter.in === 'path' && given.path?.[parameter.name] !== undefined);
  for (const parameter of parametersToSend(
    operation.parameters,
    parts.mode ?? 'minimal',
    context,
    operation.id,
    chosen,
  )) {
    const key = parameterKey(parameter);
    if (parts.omit?.has(key)) continue;
    const explicit =
      parameter.in === 'path'
        ? given.path?.[parameter.name]
        : parameter.in === 'query'
          ? given.query?.[parameter.name]
          : undefined;
    let value: unknown;
    if (parts.values?.has(key)) value = parts.values.get(key);
    else if (explicit !== undefined) value = explicit;
    else if (context.bound?.has(key)) value = context.bound.get(key);
    else {
      const chosen = parameterValue(parameter, parts.mode ?? 'minimal', context);
      if (!chosen.ok) {
        problem ??= chosen.reason;
        if (!parameter.required) continue;
        value = parameter.examples[0]?.value ?? '';
      } else {
        value = chosen.value;
      }
    }
    const encoded = encodeParameter(parameter, value);
    if (encoded.in === 'path') path = path.replace(`{${parameter.name}}`, encoded.text);
    else if (encoded.in === 'query') queryPairs.push(...encoded.pairs);
    else if (encoded.in === 'header') target.headers[encoded.name.toLowerCase()] = encoded.value;
    else target.cookies.push(...encoded.cookies.map((cookie) => splitCookie(cookie)));
  }
  for (const [name, value] of Object.entries(given.headers ?? {})) target.headers[name.toLowerCase()] = value;
  if (parts.body !== undefined)
    target.headers['content-type'] =
      parts.contentType ?? operation.requestBody?.content[0]?.mediaType ?? 'application/json';
  attachCredentials(operation, parts.credentials ?? { use: 'token' }, context, target);
  const query = [
    ...queryPairs,
    ...target.query.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`),
  ].join('&');
  if (target.cookies.length > 0)
    target.headers.cookie = target.cookies.map(([name, value]) => formatCookie(name, value)).join('; ');
  const request: CaseRequest = {
    method: operation.method,
    path: query ? `${path}?${query}` : path,
    headers: target.headers,
    ...(parts.body === undefined ? {} : { body: parts.body }),
  };
  return { request, problem };
}

/** The security requirement the runner satisfies: the first whose schemes all have credentials, `{}` when allowed. */
export function chosenRequirement(operation: Operation, context: CaseContext): SecurityRequirement | undefined {
  const satisfiable = operation.security.find(
    (requirement) => requirement.length > 0 && canSatisfy(requirement, context.credentials, context.headers),
  );
  return satisfiable ?? operation.security.find((requirement) => requirement.length === 0);
}

function attachCredentials(
  operation: Operation,
  credentials: Credentials,
  context: CaseContext,
  target: CredentialTarget,
): void {
  if (credentials.use === 'none') return;
  if (credentials.use === 'authorization') {
    target.headers.authorization = credentials.value;
    return;
  }
  const requirement = credentials.use === 'variant' ? credentials.requirement : chosenRequirement(operation, context);
  for (const scheme of requirement ?? []) {
    const value = credentialFor(scheme, context.credentials, true);
    if (value !== undefined) handlerFor(scheme).apply(target, scheme, value);
  }
  if (credentials.use === 'variant') credentials.variant.apply(target);
}

/** Every media type the operation's responses document, success first: what the runner asks for (RFC 9110 section 12.5.1). */
function documentedMediaTypes(operation: Operation): string[] {
  const ordered = [...operation.responses].sort((a, b) => rank(a.status) - rank(b.status));
  return ordered.flatMap((response) => response.content.map((media) => media.mediaType));
}

function rank(status: string): number {
  return /^2/.test(status) ? 0 : /^3/.test(status) ? 1 : 2;
}

function splitCookie(cookie: string): [string, string] {
  const index = cookie.indexOf('=');
  return [cookie.slice(0, index), decodeURIComponent(cookie.slice(index + 1))];
}
