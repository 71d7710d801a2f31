/**
 * `startProxy()`: the validation proxy. node:http in front, one exchange at
 * a time per connection through handle-exchange.ts, undici to the upstream
 * (core/http/http-client.ts). Every judged exchange is counted (summary.ts) and
 * emitted as an event; `close()` lets the exchanges in flight finish, then
 * emits the summary.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlantkitError } from '../core/errors.js';
import { createHttpClient } from '../core/http/http-client.js';
import { listenFault } from '../core/server/listen-fault.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { createSecretMemory } from './exchange-secrets.js';
import { type ExchangeContext, handleExchange } from './handle-exchange.js';
import { normalizeProxyOptions, type ProxyOptions } from './options.js';
import { buildProxyState } from './proxy-state.js';
import { createTally } from './summary.js';
import type { ProxySummary } from './types.js';

/** A running proxy. */
export interface RunningProxy {
  /** Where clients call it: `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** The upstream as normalised (no trailing slash). */
  upstream: string;
  spec: LoadedSpec;
  /** Counts so far. */
  summary(): ProxySummary;
  /** Why the upstream cannot be reached right now (one line), or undefined when a TCP connection opens. */
  upstreamProblem(): Promise<string | undefined>;
  /** Stop accepting, let the exchanges in flight finish, emit `proxy-stopped`; resolves to the final counts. */
  close(): Promise<ProxySummary>;
}

/** Start a proxy in front of `options.upstream`; resolves once it listens. */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const settings = normalizeProxyOptions(options);
  const state = await buildProxyState(settings);
  const client = createHttpClient({
    timeoutMs: settings.timeoutMs,
    maxBodyBytes: settings.maxBodyBytes,
    ...(settings.dispatcher ? { dispatcher: settings.dispatcher } : {}),
  });
  const tally = createTally();
  const upstream = new URL(settings.upstream);
  let seq = 0;
  const context: ExchangeContext = {
    state,
    client,
    settings,
    upstream: { origin: upstream.origin, prefix: upstream.pathname === '/' ? '' : upstream.pathname },
    secrets: createSecretMemory(),
    nextSeq: () => (seq += 1),
    record: (exchange) => {
      tally.add(exchange);
      settings.onEvent({ type: 'exchange', exchange });
    },
  };
  const inFlight = new Set<Promise<void>>();
  const server = createServer((request, response) => {
    const done: Promise<void> = handleExchange(request, response, context)
      .catch((error: unknown) => {
        // A bug in plantkit must not end the proxy (and with it the client's test run).
        const message = `plantkit proxy: internal error: ${error instanceof Error ? error.message : String(error)}`;
        if (response.headersSent) return void response.destroy();
        response.writeHead(502, {
          'content-type': 'text/plain; charset=utf-8',
          'content-length': String(Buffer.byteLength(message)),
        });
        response.end(message);
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  await listen(server, settings.port, settings.host);
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  settings.onEvent({
    type: 'proxy-started',
    url,
    upstream: settings.upstream,
    spec: state.spec,
    startedAt: new Date().toISOString(),
  });

  let closing: Promise<ProxySummary> | undefined;
  return {
    url,
    port,
    upstream: settings.upstream,
    spec: state.spec,
    summary: () => tally.summary(),
    upstreamProblem: () =>
      client.probe(settings.upstream).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Exchanges in flight end within the deadline; their answers and verdicts still count.
        await Promise.allSettled([...inFlight]);
        server.closeAllConnections();
        await stopped;
        await client.close();
        const summary = tally.summary();
        settings.onEvent({ type: 'proxy-stopped', summary });
        return summary;
      })()),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const fault = listenFault(error, port, host);
      reject(new PlantkitError('PLANTKIT_PROXY_START', fault.message, { hint: fault.hint }));
    });
    server.listen(port, host, () => resolve());
  });
}
