/**
 * Configured credentials: what the runner sends and what the mock pins. One
 * value per kind of scheme, and per scheme name for specs with several of a
 * kind. Environment variables (documented in `--help` and docs/reference.md):
 * - `PLANTKIT_TOKEN` (or the `--token-env` variable): bearer, OAuth2 and OpenID Connect tokens;
 * - `PLANTKIT_API_KEY`: every apiKey scheme (the runner falls back to the token, as before);
 * - `PLANTKIT_BASIC`: `user:password` for HTTP Basic;
 * - `PLANTKIT_AUTH_<SCHEME>`: the value for the scheme named SCHEME (upper case,
 *   other characters as `_`), e.g. `PLANTKIT_AUTH_PARTNER_KEY` for `partnerKey`.
 */
import type { SecuritySchemeUse } from '../spec/types.js';
import { handlerFor } from './index.js';

/** Credentials by kind and by scheme name. Secret: never printed. */
export interface CredentialSet {
  bearer: string | undefined;
  apiKey: string | undefined;
  /** `user:password`. */
  basic: string | undefined;
  /** By the scheme's name in `components.securitySchemes`, or by its variable name (`PLANTKIT_AUTH_PARTNER_KEY`). */
  byScheme: Record<string, string>;
}

/** The environment variable that names a scheme's own credential: `partnerKey` -> `PLANTKIT_AUTH_PARTNER_KEY`. */
export function schemeEnvName(schemeName: string): string {
  return `PLANTKIT_AUTH_${schemeName
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase()}`;
}

/** Credentials from the environment; `tokenEnv` names the bearer token's variable. */
export function credentialsFromEnv(
  env: Record<string, string | undefined>,
  tokenEnv = 'PLANTKIT_TOKEN',
): CredentialSet {
  const byScheme: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (name.startsWith('PLANTKIT_AUTH_') && value) byScheme[name] = value;
  return {
    bearer: env[tokenEnv] || undefined,
    apiKey: env.PLANTKIT_API_KEY || undefined,
    basic: env.PLANTKIT_BASIC || undefined,
    byScheme,
  };
}

/** The value configured for `scheme` (`fallback`: let apiKey schemes use the bearer token, as the runner always has). */
export function credentialFor(scheme: SecuritySchemeUse, set: CredentialSet, fallback = false): string | undefined {
  const own = set.byScheme[scheme.name] ?? set.byScheme[schemeEnvName(scheme.name)];
  if (own !== undefined) return own;
  switch (handlerFor(scheme).id) {
    case 'http-bearer':
    case 'oauth2':
    case 'openid-connect':
      return set.bearer;
    case 'http-basic':
      return set.basic;
    case 'api-key':
      return set.apiKey ?? (fallback ? set.bearer : undefined);
    default:
      return undefined;
  }
}
