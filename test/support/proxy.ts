/** Start a proxy for one test, collect what it emits, and always close it. */
import type { ProxyOptions } from '../../src/proxy/options.js';
import { type RunningProxy, startProxy } from '../../src/proxy/start-proxy.js';
import type { ProxyEvent, ProxyExchange, ProxySummary } from '../../src/proxy/types.js';

/** A running proxy and the exchanges it judged so far. */
export interface ProxyUnderTest {
  proxy: RunningProxy;
  exchanges: ProxyExchange[];
  events: ProxyEvent[];
}

/** Run `body` against a proxy on port 0 in front of `upstream`; resolves to what `body` returned and the final summary. */
export async function withProxy<T>(
  options: Omit<ProxyOptions, 'port'> & { port?: number },
  body: (running: ProxyUnderTest) => Promise<T>,
): Promise<{ value: T; summary: ProxySummary; exchanges: ProxyExchange[] }> {
  const events: ProxyEvent[] = [];
  const exchanges: ProxyExchange[] = [];
  const proxy = await startProxy({
    port: 0,
    ...options,
    onEvent: (event) => {
      events.push(event);
      if (event.type === 'exchange') exchanges.push(event.exchange);
      options.onEvent?.(event);
    },
  });
  let value: T;
  try {
    value = await body({ proxy, exchanges, events });
  } finally {
    await proxy.close();
  }
  return { value, summary: proxy.summary(), exchanges };
}

/** `side check` of every error-severity violation of one exchange. */
export function violationIds(exchange: ProxyExchange, side: 'client' | 'server'): string[] {
  return exchange.violations
    .filter((violation) => violation.side === side && violation.severity === 'error')
    .map((violation) => violation.check);
}

/** A reported exchange of `POST /plants`; a violating one carries its request and answer (bodies name `seq`), a clean one neither. */
export function reportedExchange(seq: number, violating: boolean): ProxyExchange {
  return {
    seq,
    startedAt: '2026-01-01T00:00:00.000Z',
    method: 'POST',
    target: '/plants',
    operation: 'addPlant',
    kind: 'positive',
    upstreamStatus: 200,
    status: 200,
    durationMs: 1,
    violations: violating
      ? [
          {
            side: 'server',
            check: 'response-schema',
            severity: 'error',
            class: 'failure',
            operation: 'addPlant',
            pointer: '/name',
            message: 'm',
          },
        ]
      : [],
    request: violating ? { headers: {}, body: `{"seq":${seq}}`, bodyTruncated: false } : null,
    response: violating ? { status: 200, headers: {}, body: `{"answer":${seq}}`, bodyTruncated: false } : null,
    transportFailure: null,
    replaced: false,
    clientLeft: false,
  };
}
