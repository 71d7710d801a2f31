/**
 * Whether a run can authenticate: every operation that requires credentials
 * (OAS 4.8.30) needs one requirement whose schemes all have a credential,
 * from the environment (core/security/credentials.ts) or from --header values
 * that carry them (http schemes, OAuth2 and OpenID Connect use
 * Authorization; an apiKey its named header or a cookie).
 */
import { type CredentialSet, credentialFor } from '../core/security/credentials.js';
import { requiresCredentials } from '../core/security/requirements.js';
import type { Operation, SecurityRequirement, SecuritySchemeUse } from '../core/spec/types.js';

/** True when `requirement` can be met with `credentials` and the --header names in `headers`. */
export function canSatisfy(
  requirement: SecurityRequirement,
  credentials: CredentialSet,
  headers: Readonly<Record<string, string>>,
): boolean {
  return requirement.every(
    (scheme) =>
      credentialFor(scheme, credentials, true) !== undefined ||
      (headerFor(scheme)?.toLowerCase() ?? '\u0000') in headers,
  );
}

/**
 * Undefined when at least one operation that requires credentials can get
 * them (the others' cases are skipped, each saying what to set); else the
 * environment variables that would satisfy the first such operation.
 */
export function missingCredentials(
  operations: readonly Operation[],
  credentials: CredentialSet,
  headers: Readonly<Record<string, string>>,
): string[] | undefined {
  const secured = operations.filter((operation) => requiresCredentials(operation.security));
  if (
    secured.length === 0 ||
    secured.some((operation) => operation.security.some((requirement) => canSatisfy(requirement, credentials, headers)))
  )
    return undefined;
  return variablesFor(secured[0]!.security[0] ?? []);
}

/** The variables (or header) that would satisfy `requirement`: `PLANTKIT_TOKEN`, `PLANTKIT_API_KEY`, ... */
function variablesFor(requirement: SecurityRequirement, tokenEnv = 'PLANTKIT_TOKEN'): string[] {
  return requirement.map((scheme) => {
    if (scheme.type === 'apiKey') return 'PLANTKIT_API_KEY';
    if (scheme.type === 'http' && scheme.scheme === 'basic') return 'PLANTKIT_BASIC (user:password)';
    if (scheme.type === 'http' && scheme.scheme !== 'bearer')
      return `PLANTKIT_AUTH_${scheme.name
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .toUpperCase()}`;
    return tokenEnv;
  });
}

/** The request header that carries a scheme's credentials; undefined for a query apiKey. */
function headerFor(scheme: SecuritySchemeUse | undefined): string | undefined {
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey')
    return scheme.in === 'header' ? scheme.parameterName : scheme.in === 'cookie' ? 'Cookie' : undefined;
  return 'Authorization';
}
