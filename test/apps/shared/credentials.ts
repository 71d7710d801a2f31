/**
 * Reading credentials the way the specs' security schemes describe them:
 * HTTP Basic (RFC 7617), Bearer (RFC 6750 section 2.1), API keys in a
 * header, query or cookie (OAS 3.1 section 4.8.27), and "any non-empty value
 * unless pinned" as the acceptance rule of every reference app.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** A user-id and password pair (RFC 7617 section 2). */
export interface BasicPair {
  username: string;
  password: string;
}

/** The pair in a well-formed `Authorization: Basic ...`, or undefined (scheme names are case-insensitive, RFC 9110 section 11.1). */
export function basicPair(headers: IncomingHttpHeaders): BasicPair | undefined {
  const match = /^basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(headers.authorization ?? '');
  if (!match || match[1]!.length % 4 !== 0) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // RFC 7617 section 2: user-id and password are separated by the first colon; the user-id may not contain one.
  if (colon < 0) return undefined;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The token in `Authorization: Bearer <token>` (RFC 6750 section 2.1), or undefined. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  return /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(headers.authorization ?? '')?.[1];
}

/** Cookie values by name from the Cookie header (RFC 6265 section 5.4); a name sent twice keeps both values. */
export function cookieValues(headers: IncomingHttpHeaders): Map<string, string[]> {
  const values = new Map<string, string[]>();
  for (const pair of (headers.cookie ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim();
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return values;
}

/** The single value of header `name`, or undefined when absent or repeated. */
export function singleHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Whether a presented secret is accepted: any non-empty value when nothing is
 * pinned (`pinned` undefined), only the pinned value otherwise; `refused`
 * means the app was started with credentials that leave this scheme out.
 */
export function secretAccepted(given: string | undefined, pinned: string | undefined | 'refused'): boolean {
  if (given === undefined || given === '' || pinned === 'refused') return false;
  return pinned === undefined || given === pinned;
}

/** Whether a Basic pair is accepted, with the rule of `secretAccepted`. */
export function pairAccepted(given: BasicPair | undefined, pinned: BasicPair | undefined | 'refused'): boolean {
  if (given === undefined || pinned === 'refused') return false;
  return pinned === undefined || (given.username === pinned.username && given.password === pinned.password);
}

/** What a scheme accepts, given the app's optional credentials object and this scheme's entry in it. */
export function pinnedFor<T>(credentials: object | undefined, value: T | undefined): T | undefined | 'refused' {
  if (credentials === undefined) return undefined;
  return value === undefined ? 'refused' : value;
}
