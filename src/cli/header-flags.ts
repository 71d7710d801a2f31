/**
 * `--header 'Name: value'` (repeatable): extra headers for every request,
 * for API keys, Basic auth or headers an API requires. `${NAME}` in a value
 * is taken from the environment, so a secret need not appear on the command
 * line or in shell history; the curl lines of failures then say `${NAME}`
 * too. Values of credential-like headers (Authorization, Cookie, names with
 * key, token, secret, password) are kept out of every output and report.
 */

import { UsageError } from '../core/errors.js';
import { isCredentialHeader, type Secret } from '../core/exchange/redact.js';

/** Headers to send and the secrets among them. */
export interface HeaderFlags {
  headers: Record<string, string>;
  secrets: Secret[];
}

/** A variable reference in a --header value. */
const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Parse the --header values; a malformed one or an unset variable is a usage error naming it. */
export function parseHeaderFlags(values: readonly string[], env: Record<string, string | undefined>): HeaderFlags {
  const headers: Record<string, string> = {};
  const secrets: Secret[] = [];
  for (const flag of values) {
    const colon = flag.indexOf(':');
    const name = flag.slice(0, colon).trim();
    if (colon < 1 || name === '')
      throw new UsageError(
        `--header '${flag.slice(0, 40)}' is not 'Name: value'`,
        "e.g. --header 'X-Api-Key: ${API_KEY}'",
      );
    const template = flag.slice(colon + 1).trim();
    const value = template.replace(REFERENCE, (_match, variable: string) => {
      const found = env[variable];
      if (found === undefined)
        throw new UsageError(
          `--header ${name} uses \${${variable}}, which is not set`,
          `export ${variable}=... or write the value itself`,
        );
      return found;
    });
    headers[name] = value;
    if (isCredentialHeader(name)) secrets.push(credentialOf(template, value));
  }
  return { headers, secrets };
}

/**
 * The secret part of a credential header: the credentials after an auth
 * scheme (`Basic <credentials>`, RFC 9110 section 11.4), else the whole
 * value; with the variable it came from when it is exactly `${NAME}`.
 */
function credentialOf(template: string, value: string): Secret {
  const scheme = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) +(.+)$/;
  const [, , valuePart] = scheme.exec(value) ?? [];
  const [, , templatePart] = scheme.exec(template) ?? [];
  const secretValue = valuePart !== undefined && templatePart !== undefined ? valuePart : value;
  const secretTemplate = valuePart !== undefined && templatePart !== undefined ? templatePart : template;
  const variable = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(secretTemplate)?.[1];
  return variable === undefined ? { value: secretValue } : { value: secretValue, variable };
}
