/**
 * Security schemes (OAS 4.8.27) as handlers: one per scheme type, shared by
 * the mock and the proxy (is this request authenticated?) and the contract
 * runner (attach credentials; which requests must be refused?).
 */
import type { SecuritySchemeUse } from '../spec/types.js';

/** Where a request carries credentials. */
export interface CredentialSource {
  /** Header values by lower-case name. */
  headers: Record<string, string>;
  /** Query parameters (decoded). */
  query: URLSearchParams;
  /** Cookies by name (the first of each name). */
  cookies: Map<string, string>;
}

/** A request being built by the runner: credentials are added here. */
export interface CredentialTarget {
  headers: Record<string, string>;
  query: Array<[string, string]>;
  cookies: Array<[string, string]>;
}

/** The verdict of one scheme on one request. */
export type SchemeVerdict =
  | { ok: true }
  /** `missing`: nothing sent; `malformed`: sent but not in the scheme's syntax; `wrong`: not the pinned value. */
  | { ok: false; reason: 'missing' | 'malformed' | 'wrong'; message: string };

/** A request the runner sends expecting it to be refused, built from a valid one. */
export interface InvalidCredentials {
  /** Case id suffix: `missing`, `empty-token`, `other-scheme`, `wrong-token`, ... */
  slug: string;
  title: string;
  /** True when the variant needs the real credential to be a wrong one (skipped against a mock that accepts any value). */
  wrongValue: boolean;
  apply(target: CredentialTarget): void;
}

/** One security scheme type. */
export interface SchemeHandler {
  /** `http-bearer`, `http-basic`, `api-key`, `oauth2`, ... */
  id: string;
  handles(scheme: SecuritySchemeUse): boolean;
  /** Check a request; `pinned` is the only value to accept (any well-formed value when undefined). */
  check(request: CredentialSource, scheme: SecuritySchemeUse, pinned: string | undefined): SchemeVerdict;
  /** The `WWW-Authenticate` challenge for a 401 (RFC 9110 section 11.6.1) after `verdict`, when the scheme has one. */
  challenge(scheme: SecuritySchemeUse, verdict: SchemeVerdict): string | undefined;
  /** Attach `value` (a token, key, or `user:password`) the way the scheme says. */
  apply(target: CredentialTarget, scheme: SecuritySchemeUse, value: string): void;
  /** Requests that must not be accepted, given the valid credential (undefined when none is configured); `unique` makes wrong values unique per run. */
  invalid(scheme: SecuritySchemeUse, value: string | undefined, unique: string): InvalidCredentials[];
}
