/** What an operation's security requirements (OAS 4.8.30) demand of a request. */
import type { Operation } from './types.js';

/** True when the operation cannot be called without credentials (no empty `{}` alternative). */
export function requiresCredentials(operation: Operation): boolean {
  return operation.security.length > 0 && operation.security.every((requirement) => requirement.length > 0);
}

/** True when the operation's first security alternative is HTTP bearer (or OAuth2/OIDC, which send bearer tokens). */
export function usesBearer(operation: Operation): boolean {
  return (operation.security[0] ?? []).some(
    (scheme) =>
      (scheme.type === 'http' && scheme.scheme === 'bearer') ||
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect',
  );
}
