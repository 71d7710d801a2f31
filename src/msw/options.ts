/** Options of `createHandlers` (`plantkit/msw`), normalised once with every default spelled out. */

import { UsageError } from '../core/errors.js';
import type { CredentialSet } from '../core/security/credentials.js';
import { normalizeMockOptions } from '../mock/options.js';

/** How the handlers answer. Everything is optional. */
export interface MswHandlerOptions {
  /**
   * Where the API lives: requests under it are the spec's, the rest stay MSW's business. Default: the spec's
   * first server URL (a relative one is resolved against the page's `location`; without one, pass `baseUrl`).
   */
  baseUrl?: string;
  /** Remember what the component creates, as `plantkit mock --stateful` does (default false). */
  stateful?: boolean;
  /** Generate response data from the schemas instead of examples (default false). */
  dynamic?: boolean;
  /** Seed for generated data: the same seed gives the same sequence of responses. */
  seed?: string;
  /** Accept only this bearer token, for HTTP bearer, OAuth2 and OpenID Connect (default: any non-empty token). */
  token?: string;
  /** Accept only this API key, for every apiKey scheme (default: any non-empty key). */
  apiKey?: string;
  /** Accept only this `user:password`, for HTTP Basic (default: any well-formed pair). */
  basic?: string;
  /** Accept only these values, by security scheme name (overrides the three above for that scheme). */
  credentials?: Record<string, string>;
  /** Largest request body accepted (default 1 MiB); larger ones get the documented 413. */
  maxBodyBytes?: number;
  /** Follow `$ref`s outside the spec's folder (Node only; default false). */
  allowExternalRefs?: boolean;
}

/** {@link MswHandlerOptions} with every default applied. */
export interface NormalizedMswOptions {
  baseUrl: string | undefined;
  stateful: boolean;
  dynamic: boolean;
  seed: string | undefined;
  credentials: CredentialSet;
  maxBodyBytes: number;
  allowExternalRefs: boolean;
}

/** Validate and default the options; the checks the mock server makes are made by its own normaliser. */
export function normalizeMswOptions(options: MswHandlerOptions): NormalizedMswOptions {
  if (options.baseUrl !== undefined && (typeof options.baseUrl !== 'string' || options.baseUrl === ''))
    throw new UsageError('baseUrl must be a URL, e.g. http://localhost:4010 or /api');
  const mock = normalizeMockOptions({
    token: options.token,
    apiKey: options.apiKey,
    basic: options.basic,
    credentials: options.credentials,
    maxBodyBytes: options.maxBodyBytes,
    dynamic: options.dynamic,
    seed: options.seed,
    stateful: options.stateful,
  });
  return {
    baseUrl: options.baseUrl,
    stateful: mock.stateful,
    dynamic: mock.dynamic,
    seed: mock.seed,
    credentials: mock.credentials,
    maxBodyBytes: mock.maxBodyBytes,
    allowExternalRefs: options.allowExternalRefs ?? false,
  };
}
