/**
 * Which credentials `plantkit mock` pins, from flags first, then the same
 * environment variables the contract runner sends (so `PLANTKIT_TOKEN=T
 * plantkit mock` and `PLANTKIT_TOKEN=T plantkit contract` agree), and the
 * start-up line that says so without printing a secret.
 */
import { UsageError } from '../../core/errors.js';
import { credentialFor, credentialsFromEnv } from '../../core/security/credentials.js';
import type { LoadedSpec } from '../../core/spec/types.js';
import type { MockOptions } from '../../mock/options.js';

type Pins = Pick<MockOptions, 'token' | 'apiKey' | 'basic' | 'credentials'>;

/** Pins from `--token`, `--api-key`, `--basic`, `--credential NAME=V` and their environment variables. */
export function pinnedCredentials(values: Record<string, unknown>, env: Record<string, string | undefined>): Pins {
  const credentials: Record<string, string> = {};
  for (const entry of (values.credential as string[] | undefined) ?? []) {
    const index = entry.indexOf('=');
    if (index <= 0)
      throw new UsageError(
        `--credential '${entry.replace(/=.*/s, '=…')}' must be NAME=VALUE`,
        'NAME is a key of components.securitySchemes',
      );
    credentials[entry.slice(0, index)] = entry.slice(index + 1);
  }
  const fromEnv = credentialsFromEnv(env);
  const pick = (flag: unknown, variable: string) => (typeof flag === 'string' ? flag : env[variable] || undefined);
  const token = pick(values.token, 'PLANTKIT_TOKEN');
  const apiKey = pick(values['api-key'], 'PLANTKIT_API_KEY');
  const basic = pick(values.basic, 'PLANTKIT_BASIC');
  return {
    ...(token === undefined ? {} : { token }),
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(basic === undefined ? {} : { basic }),
    credentials: { ...fromEnv.byScheme, ...credentials },
  };
}

/** `bearerAuth (bearer) pinned, keyAuth (apiKey in header 'X-Key') any well-formed credential`: the start-up line's auth part, no secret in it. */
export function describeAuth(spec: LoadedSpec, pins: Pins): string {
  const schemes = new Map(
    spec.operations.flatMap((operation) => operation.security.flat()).map((scheme) => [scheme.name, scheme]),
  );
  if (schemes.size === 0) return 'none required';
  const set = { bearer: pins.token, apiKey: pins.apiKey, basic: pins.basic, byScheme: pins.credentials ?? {} };
  return [...schemes.values()]
    .map((scheme) => {
      const kind =
        scheme.type === 'http'
          ? (scheme.scheme ?? 'http')
          : scheme.type === 'apiKey'
            ? `apiKey in ${scheme.in} '${scheme.parameterName}'`
            : scheme.type;
      return `${scheme.name} (${kind}) ${credentialFor(scheme, set) === undefined ? 'any well-formed credential' : 'pinned'}`;
    })
    .join(', ');
}
