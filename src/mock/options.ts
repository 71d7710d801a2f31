/** Options of the mock server, normalised once with every default spelled out here. */
import { UsageError } from '../core/errors.js';
import type { CredentialSet } from '../core/security/credentials.js';
import { DEFAULT_SPEC_FILE } from '../core/spec/spec-source.js';
import type { LoadedSpec } from '../core/spec/types.js';
import type { TextSink } from '../core/text/text-sink.js';

/** Defaults of {@link MockOptions}. */
export const MOCK_DEFAULTS = {
  spec: DEFAULT_SPEC_FILE,
  port: 4010,
  host: '127.0.0.1',
  dynamic: false,
  cors: true,
  /** Request bodies above this get 413 in the spec's Error shape. */
  maxBodyBytes: 1024 * 1024,
  /** The library does not watch files unless asked; the CLI asks (see MOCK_CLI_DEFAULTS). */
  watch: false,
  /** Stateless unless asked (`--stateful`, or `--data`, which implies it): every answer comes from the spec alone. */
  stateful: false,
} as const;

/** Where `plantkit mock` differs from the library's defaults: a terminal session wants hot reload. */
export const MOCK_CLI_DEFAULTS = { watch: true } as const;

/** How to run a mock. Everything is optional. */
export interface MockOptions {
  /** Spec path (default openapi.yaml) or a spec loaded with `loadSpec`. */
  spec?: string | LoadedSpec;
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to bind (default 127.0.0.1). */
  host?: string;
  /** Accept only this bearer token, for HTTP bearer, OAuth2 and OpenID Connect (default: any non-empty token). */
  token?: string;
  /** Accept only this API key, for every apiKey scheme (default: any non-empty key). */
  apiKey?: string;
  /** Accept only this `user:password`, for HTTP Basic (default: any well-formed pair). */
  basic?: string;
  /** Accept only these values, by security scheme name (overrides the three above for that scheme). */
  credentials?: Record<string, string>;
  /** Generate response data from the schemas instead of examples (default false). */
  dynamic?: boolean;
  /** Seed for generated data: the same seed gives the same sequence of responses. */
  seed?: string;
  /** CORS headers for browsers (default true). */
  cors?: boolean;
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
  /** Reload when the spec file changes (default false; the CLI turns it on). */
  watch?: boolean;
  /** Where to write one line per request; nothing when absent. */
  log?: TextSink;
  /** Where to write hot-reload messages (a reload that failed, one line); default: `log`. */
  notices?: TextSink;
  /** Follow `$ref`s outside the spec's folder. */
  allowExternalRefs?: boolean;
  /** Remember what clients create in the spec's collections (docs/stateful.md); default false, true when `data` is given. */
  stateful?: boolean;
  /** A JSON or YAML file of items the stateful mock starts with and resets to. */
  data?: string;
}

/** {@link MockOptions} with every default applied. */
export interface NormalizedMockOptions {
  spec: string | LoadedSpec;
  port: number;
  host: string;
  /** Pinned credentials (every field undefined: any well-formed credential is accepted). */
  credentials: CredentialSet;
  dynamic: boolean;
  seed: string | undefined;
  cors: boolean;
  maxBodyBytes: number;
  watch: boolean;
  log: TextSink | undefined;
  notices: TextSink | undefined;
  allowExternalRefs: boolean;
  stateful: boolean;
  data: string | undefined;
}

/** Validate and default mock options; throws UsageError on bad values. */
export function normalizeMockOptions(options: MockOptions): NormalizedMockOptions {
  const port = options.port ?? MOCK_DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${String(options.port)}`);
  if (options.token !== undefined && (options.token === '' || /\s/.test(options.token)))
    throw new UsageError('--token must be a non-empty token without spaces');
  if (options.apiKey !== undefined && options.apiKey === '') throw new UsageError('--api-key must not be empty');
  if (options.basic !== undefined && !/^[^:]*:/.test(options.basic))
    throw new UsageError('--basic must be user:password', 'e.g. --basic ada:s3cret (RFC 7617: the user has no colon)');
  const maxBodyBytes = options.maxBodyBytes ?? MOCK_DEFAULTS.maxBodyBytes;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new UsageError(`--max-body-bytes must be a positive integer, got ${String(options.maxBodyBytes)}`);
  if (options.data !== undefined && options.stateful === false)
    throw new UsageError('--data preloads the stateful mock, which is off', 'drop stateful: false, or drop --data');
  if (options.data === '') throw new UsageError('--data needs the path of a JSON or YAML file');
  return {
    spec: options.spec ?? MOCK_DEFAULTS.spec,
    port,
    host: options.host ?? MOCK_DEFAULTS.host,
    credentials: {
      bearer: options.token,
      apiKey: options.apiKey,
      basic: options.basic,
      byScheme: { ...options.credentials },
    },
    dynamic: options.dynamic ?? MOCK_DEFAULTS.dynamic,
    seed: options.seed,
    cors: options.cors ?? MOCK_DEFAULTS.cors,
    maxBodyBytes,
    watch: options.watch ?? MOCK_DEFAULTS.watch,
    log: options.log,
    notices: options.notices ?? options.log,
    allowExternalRefs: options.allowExternalRefs ?? false,
    stateful: options.stateful ?? (options.data !== undefined || MOCK_DEFAULTS.stateful),
    data: options.data,
  };
}
