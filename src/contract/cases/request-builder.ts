/**
 * Turn an operation plus a body into a concrete request: path parameters
 * filled in, required query and header parameters sampled, credentials
 * attached the way the operation's security scheme says (OAS 4.8.27).
 */
import { stringifyJson } from '../../json/exact-json.js';
import { sampleValue } from '../../schema/sample-value.js';
import type { Operation, SecuritySchemeUse } from '../../spec/types.js';
import type { CaseRequest } from '../types.js';
import type { CaseContext } from './context.js';

/** How the request carries credentials. */
export type Credentials =
  /** As the spec's security scheme says, with the configured token. */
  | { use: 'token' }
  /** No credentials at all. */
  | { use: 'none' }
  /** This exact Authorization header value (auth cases). */
  | { use: 'authorization'; value: string };

/** Parts of a request that a case chooses. */
export interface RequestParts {
  /** Body text; undefined sends no body. */
  body?: string;
  /** Content-Type to send with a body; defaults to the first documented request media type. */
  contentType?: string;
  credentials?: Credentials;
  /** Path, query and header parameters given explicitly (contracts/ files); the rest are sampled. */
  parameters?: { path?: Record<string, unknown>; query?: Record<string, unknown>; headers?: Record<string, string> };
}

/** The request for `operation` with the given parts. */
export function buildRequest(operation: Operation, parts: RequestParts, context: CaseContext): CaseRequest {
  const given = parts.parameters ?? {};
  const headers: Record<string, string> = { accept: 'application/json' };
  const query = new URLSearchParams();
  let path = operation.path;
  for (const parameter of operation.parameters) {
    const explicit = parameter.in === 'path' ? given.path?.[parameter.name] : parameter.in === 'query' ? given.query?.[parameter.name] : undefined;
    if (explicit === undefined && !parameter.required) continue;
    const value = explicit ?? parameter.examples[0]?.value ?? sampleValue(parameter.schema, { mode: 'minimal', nextInteger: context.nextInteger });
    const text = typeof value === 'string' ? value : stringifyJson(typeof value === 'bigint' ? value.toString() : value).replace(/^"|"$/g, '');
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    else if (parameter.in === 'query') query.append(parameter.name, text);
    else if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = text;
  }
  for (const [name, value] of Object.entries(given.headers ?? {})) headers[name.toLowerCase()] = value;
  if (parts.body !== undefined) {
    headers['content-type'] = parts.contentType ?? operation.requestBody?.content[0]?.mediaType ?? 'application/json';
  }
  const credentials = parts.credentials ?? { use: 'token' };
  if (credentials.use === 'authorization') headers.authorization = credentials.value;
  if (credentials.use === 'token') attachToken(operation.security[0] ?? [], context.token, headers, query);
  const search = query.toString();
  return { method: operation.method, path: search ? `${path}?${search}` : path, headers, ...(parts.body === undefined ? {} : { body: parts.body }) };
}

function attachToken(requirement: SecuritySchemeUse[], token: string | undefined, headers: Record<string, string>, query: URLSearchParams): void {
  if (token === undefined) return;
  for (const scheme of requirement) {
    if (scheme.type === 'http' && scheme.scheme === 'bearer') headers.authorization = `Bearer ${token}`;
    else if (scheme.type === 'http' && scheme.scheme === 'basic') headers.authorization = `Basic ${Buffer.from(token).toString('base64')}`;
    else if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') headers.authorization = `Bearer ${token}`;
    else if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.parameterName) headers[scheme.parameterName.toLowerCase()] = token;
    else if (scheme.type === 'apiKey' && scheme.in === 'query' && scheme.parameterName) query.set(scheme.parameterName, token);
  }
}
