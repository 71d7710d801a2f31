/** Options of the validation proxy, normalised once with every default spelled out here. */
import path from 'node:path';
import type { Dispatcher } from 'undici';
import { UsageError } from '../core/errors.js';
import { EXCHANGE_LIMITS } from '../core/http/exchange-limits.js';
import { DEFAULT_SPEC_FILE } from '../core/spec/spec-source.js';
import type { LoadedSpec } from '../core/spec/types.js';
import type { ProxyEvent } from './types.js';

/** Defaults of {@link ProxyOptions}. */
export const PROXY_DEFAULTS = {
  spec: DEFAULT_SPEC_FILE,
  port: 4010,
  host: '127.0.0.1',
  /** The contract runner's deadline: a complete answer within it, else the client gets 504. */
  timeoutMs: EXCHANGE_LIMITS.timeoutMs,
  /** The contract runner's body cap: a larger answer is a transport violation and the client gets 502. */
  maxBodyBytes: EXCHANGE_LIMITS.maxBodyBytes,
  /** Answers are passed on unchanged unless asked (Prism's --errors). */
  errors: false,
  /** `x-plantkit-violations: N` on every judged answer. */
  violationsHeader: true,
  strict: false,
} as const;

/** How to run a proxy. Only `upstream` is required. */
export interface ProxyOptions {
  /** The real server, e.g. `http://127.0.0.1:8080`; a path (`/api`) is put before every request's path. */
  upstream: string;
  /** Spec path (default openapi.yaml) or a spec loaded with `loadSpec`. */
  spec?: string | LoadedSpec;
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Deadline for the upstream's complete answer, in ms (default 10000, as the contract runner). */
  timeoutMs?: number;
  /** Largest answer (and request copy) read, in bytes (default 10 MiB, as the contract runner). */
  maxBodyBytes?: number;
  /** Replace an answer with server-side violations by a 502 in the spec's Error shape naming them (default false). */
  errors?: boolean;
  /** Add `x-plantkit-violations: N` to every judged answer (default true). */
  violationsHeader?: boolean;
  /** Also flag response properties the schema does not declare (default false). */
  strict?: boolean;
  /** contracts/ folder whose echo rules apply to live answers; default `contracts` beside the spec; false for none. */
  contracts?: string | false;
  /** Follow `$ref`s outside the spec's folder. */
  allowExternalRefs?: boolean;
  /** Receives every event; reporters subscribe here. */
  onEvent?: (event: ProxyEvent) => void;
  /** Inject an undici dispatcher for the upstream side (tests). */
  dispatcher?: Dispatcher;
}

/** {@link ProxyOptions} with every default applied. */
export interface NormalizedProxyOptions {
  /** The upstream without a trailing slash: `http://127.0.0.1:8080` or `http://127.0.0.1:8080/api`. */
  upstream: string;
  spec: string | LoadedSpec;
  port: number;
  host: string;
  timeoutMs: number;
  maxBodyBytes: number;
  errors: boolean;
  violationsHeader: boolean;
  strict: boolean;
  contracts: string | false;
  contractsRequired: boolean;
  allowExternalRefs: boolean;
  onEvent: (event: ProxyEvent) => void;
  dispatcher: Dispatcher | undefined;
}

/** Validate and default proxy options; throws UsageError on bad values. */
export function normalizeProxyOptions(options: ProxyOptions): NormalizedProxyOptions {
  const upstream = upstreamUrl(options.upstream);
  const port = options.port ?? PROXY_DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${String(options.port)}`);
  const timeoutMs = options.timeoutMs ?? PROXY_DEFAULTS.timeoutMs;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1)
    throw new UsageError(`--timeout must be a positive integer of milliseconds, got ${String(options.timeoutMs)}`);
  const maxBodyBytes = options.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new UsageError(`--max-body-bytes must be a positive integer, got ${String(options.maxBodyBytes)}`);
  const spec = options.spec ?? PROXY_DEFAULTS.spec;
  const specPath = typeof spec === 'string' ? spec : spec.source;
  const defaultContracts =
    specPath === '<inline>' ? false : path.join(path.dirname(path.resolve(specPath)), 'contracts');
  return {
    upstream,
    spec,
    port,
    host: options.host ?? PROXY_DEFAULTS.host,
    timeoutMs,
    maxBodyBytes,
    errors: options.errors ?? PROXY_DEFAULTS.errors,
    violationsHeader: options.violationsHeader ?? PROXY_DEFAULTS.violationsHeader,
    strict: options.strict ?? PROXY_DEFAULTS.strict,
    contracts: options.contracts ?? defaultContracts,
    contractsRequired: options.contracts !== undefined && options.contracts !== false,
    allowExternalRefs: options.allowExternalRefs ?? false,
    onEvent: options.onEvent ?? (() => {}),
    dispatcher: options.dispatcher,
  };
}

/** The upstream as an origin plus an optional path, or a UsageError saying what a good one looks like. */
function upstreamUrl(given: string | undefined): string {
  const hint = 'e.g. --upstream http://127.0.0.1:8080; a path such as /api is put before every request path';
  if (given === undefined || given === '')
    throw new UsageError('--upstream is required: the URL of the server to put the proxy in front of', hint);
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`--upstream '${given}' is not a URL`, hint);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--upstream must be an http or https URL, got '${url.protocol}'`, hint);
  // Clients send their own credentials; a user:password in the URL would be sent for all of them.
  if (url.username || url.password)
    throw new UsageError(
      '--upstream must not carry a user or password',
      'clients send their own credentials through the proxy',
    );
  if (url.search || url.hash)
    throw new UsageError(`--upstream must not have a query or fragment, got '${url.search}${url.hash}'`, hint);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
