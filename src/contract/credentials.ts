/**
 * Whether a run can authenticate: with the token, or with --header values
 * that carry the credentials the spec's security schemes ask for (OAS
 * 4.8.27: http schemes and OAuth2/OpenID Connect use Authorization, an
 * apiKey uses its named header or a cookie).
 */
import { requiresCredentials } from '../spec/security.js';
import type { Operation, SecuritySchemeUse } from '../spec/types.js';

/**
 * Undefined when every operation that requires credentials can get them;
 * else the header an operation would need (`Authorization`, `X-Api-Key`).
 */
export function missingCredentials(operations: readonly Operation[], token: string | undefined, headers: Readonly<Record<string, string>>): string | undefined {
  if (token !== undefined) return undefined;
  for (const operation of operations) {
    if (!requiresCredentials(operation)) continue;
    const satisfied = operation.security.some((requirement) => requirement.every((scheme) => headerFor(scheme) !== undefined && headerFor(scheme)!.toLowerCase() in headers));
    if (!satisfied) return headerFor(operation.security[0]?.[0]) ?? 'Authorization';
  }
  return undefined;
}

/** The request header that carries a scheme's credentials; undefined for a query apiKey. */
function headerFor(scheme: SecuritySchemeUse | undefined): string | undefined {
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey') return scheme.in === 'header' ? scheme.parameterName : scheme.in === 'cookie' ? 'Cookie' : undefined;
  return 'Authorization';
}
