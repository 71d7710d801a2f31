/**
 * Issue 12: the proxy in front of the Plant Store reference server
 * (test/apps/plant-store.ts), driven by the traffic an end-to-end suite
 * sends (valid creates, invalid bodies, no credentials). The correct server
 * and the odd-but-correct ones get no server-side violation; each broken
 * one gets one naming the check the contract runner names for it; the
 * invalid requests are the client's, whatever the server does.
 */
import { describe, expect, test } from 'vitest';
import type { ProxyExchange } from '../../src/proxy/types.js';
import { APP_TOKEN, startPlantStore, type Variant } from '../apps/plant-store.js';
import { violationIds, withProxy } from '../support/proxy.js';

/** One request of the traffic set and the client-side checks it breaks. */
interface Step {
  name: string;
  body: string;
  headers?: Record<string, string>;
  client: string[];
}

const AUTH = { authorization: `Bearer ${APP_TOKEN}`, 'content-type': 'application/json' };

const TRAFFIC: Step[] = [
  { name: 'create with a tag', body: '{"id":101,"name":"Monstera deliciosa","tag":"indoor"}', client: [] },
  { name: 'create without a tag', body: '{"id":102,"name":"Boston fern"}', client: [] },
  {
    name: 'create with a non-ASCII name and the largest int64 id',
    body: '{"id":9223372036854775807,"name":"Sansevière 虎の尾","tag":"succulent"}',
    client: [],
  },
  {
    name: 'create with a long name',
    body: `{"id":103,"name":"${'Philodendron gloriosum '.repeat(4).trim()}"}`,
    client: [],
  },
  { name: 'missing name', body: '{"id":104}', client: ['request-body'] },
  { name: 'id as a string', body: '{"id":"105","name":"Fern"}', client: ['request-body'] },
  { name: 'malformed JSON', body: '{"id":106,', client: ['request-body-syntax'] },
  { name: 'not an object', body: '[]', client: ['request-body'] },
  { name: 'id beyond int64', body: '{"id":9223372036854775808,"name":"Int64 overflow"}', client: ['request-body'] },
  {
    name: 'text/plain body',
    body: '{"id":107,"name":"Fern"}',
    headers: { ...AUTH, 'content-type': 'text/plain' },
    client: ['request-content-type'],
  },
  {
    name: 'no credentials',
    body: '{"id":108,"name":"Fern"}',
    headers: { 'content-type': 'application/json' },
    client: ['request-credentials'],
  },
];

/** The traffic through a proxy in front of `variant`; the exchanges in traffic order. */
async function through(
  variant: Variant,
  options: { strict?: boolean; timeoutMs?: number; maxBodyBytes?: number } = {},
): Promise<ProxyExchange[]> {
  const app = await startPlantStore(variant);
  try {
    const { exchanges } = await withProxy(
      { upstream: app.url, spec: 'openapi.yaml', ...options },
      async ({ proxy }) => {
        for (const step of TRAFFIC) {
          const response = await fetch(`${proxy.url}/plants`, {
            method: 'POST',
            headers: step.headers ?? AUTH,
            body: step.body,
          });
          await response.arrayBuffer();
        }
      },
    );
    return exchanges.sort((a, b) => a.seq - b.seq);
  } finally {
    await app.close();
  }
}

const serverChecks = (exchanges: ProxyExchange[]) =>
  new Set(exchanges.flatMap((exchange) => violationIds(exchange, 'server')));

describe("correct servers: no server-side violation, the invalid requests are the client's", () => {
  const variants: Variant[] = [
    'correct',
    'auth-403',
    'auth-400',
    'charset',
    'extra-headers',
    'key-order',
    'omit-tag',
    'slow-150ms',
    'rejects-duplicate-id',
  ];
  test.each(variants)('%s', async (variant) => {
    const exchanges = await through(variant);
    expect(exchanges).toHaveLength(TRAFFIC.length);
    const server = (exchange: ProxyExchange) => exchange.violations.filter((violation) => violation.side === 'server');
    expect(exchanges.map((exchange) => server(exchange).filter((violation) => violation.class !== 'spec-gap'))).toEqual(
      TRAFFIC.map(() => []),
    );
    // The Plant Store documents no 401 or 403: the upstream's refusal of the request without credentials is a spec gap.
    const refusal = variant === 'auth-403' ? '403' : variant === 'auth-400' ? undefined : '401';
    expect(
      exchanges.flatMap((exchange) =>
        server(exchange)
          .filter((violation) => violation.class === 'spec-gap')
          .map((violation) => `${violation.check} ${violation.received} ${violation.severity}`),
      ),
    ).toEqual(refusal ? [`status-documented status ${refusal} warning`] : []);
    expect(exchanges.map((exchange) => violationIds(exchange, 'client'))).toEqual(TRAFFIC.map((step) => step.client));
  });

  test('what the client got is what the server sent, with the violation count added', async () => {
    const exchanges = await through('correct');
    expect(exchanges.map((exchange) => [exchange.status, exchange.upstreamStatus, exchange.kind])).toEqual([
      [200, 200, 'positive'],
      [200, 200, 'positive'],
      [200, 200, 'positive'],
      [200, 200, 'positive'],
      [400, 400, 'negative'],
      [400, 400, 'negative'],
      [400, 400, 'negative'],
      [400, 400, 'negative'],
      [400, 400, 'negative'],
      [400, 400, 'negative'],
      [401, 401, 'auth'],
    ]);
  });
});

describe('broken servers: the same traffic, a server-side violation naming the check', () => {
  const cases: Array<[Variant, string, { strict?: boolean; timeoutMs?: number }?]> = [
    ['wrong-200-shape', 'response-schema'],
    ['wrong-400-shape', 'response-schema'],
    ['accepts-invalid', 'outcome'],
    ['ignores-auth', 'outcome'],
    ['wrong-content-type', 'content-type'],
    ['undocumented-status', 'status-documented'],
    ['server-error', 'server-error'],
    ['hang', 'transport', { timeoutMs: 300 }],
    ['non-json', 'json-body'],
    ['wrong-echo', 'echo'],
    ['huge-body', 'transport'],
    ['echoes-id', 'undeclared-property', { strict: true }],
    ['rejects-non-ascii-name', 'outcome'],
    ['rejects-int64-max', 'outcome'],
    ['rejects-long-name', 'outcome'],
    ['accepts-int64-overflow', 'outcome'],
  ];
  test.each(cases)('%s -> %s', async (variant, check, options) => {
    const exchanges = await through(variant, options);
    expect([...serverChecks(exchanges)]).toContain(check);
    // The client's violations do not depend on the server: a broken server is never blamed on the client, nor the reverse.
    expect(exchanges.map((exchange) => violationIds(exchange, 'client'))).toEqual(TRAFFIC.map((step) => step.client));
  });

  test('the cross-check: the invalid requests a lax server accepted are its violations, one each', async () => {
    const exchanges = await through('accepts-invalid');
    const accepted = exchanges.filter((exchange) => violationIds(exchange, 'server').includes('outcome'));
    expect(accepted.map((exchange) => exchange.seq)).toEqual([5, 6, 8, 9]);
    expect(accepted[0]?.violations.find((violation) => violation.check === 'outcome')).toMatchObject({
      side: 'server',
      message: 'an invalid request was accepted',
      received: 'status 200',
      documented: 'a 4xx rejection (400)',
    });
  });

  test('without --strict an id in a 200 Plant is no violation', async () => {
    expect(serverChecks(await through('echoes-id'))).toEqual(new Set());
  });
});
