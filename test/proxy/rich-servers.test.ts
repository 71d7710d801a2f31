/**
 * The proxy in front of the richer reference apps (several operations,
 * 204, 422, default, response headers, cookies, apiKey OR Basic, apiKey AND
 * bearer, forms, multipart, XML, a servers path, 3.0, 3.1, Swagger 2.0).
 * The traffic is the contract runner's: valid requests of every kind,
 * invalid ones, wrong and missing credentials, generated bodies. Against
 * the correct apps the proxy reports no server-side violation, and exactly
 * the requests the runner sent as invalid are the client's; against a
 * broken app it names the check the runner names.
 */
import { describe, expect, test } from 'vitest';
import type { ContractOptions } from '../../src/contract/options.js';
import { runContract } from '../../src/contract/run-contract.js';
import type { RunResult } from '../../src/contract/types.js';
import type { ProxyExchange } from '../../src/proxy/types.js';
import { violationIds, withProxy } from '../support/proxy.js';
import { type Target as RichTarget, TARGETS } from '../support/rich-targets.js';

/** The targets by any name (test.each hands names over as strings). */
const RICH_TARGETS: Record<string, RichTarget> = TARGETS;

/** The runner's traffic through a proxy in front of `variant` of `target`. */
async function through(
  target: RichTarget,
  variant: string,
  extra: Partial<ContractOptions>,
): Promise<{ run: RunResult; exchanges: ProxyExchange[] }> {
  const app = await target.start(variant, true);
  try {
    const { value: run, exchanges } = await withProxy(
      { upstream: new URL(app.url).origin, spec: target.spec, contracts: false },
      ({ proxy }) =>
        runContract({
          baseUrl: proxy.url,
          spec: target.spec,
          contracts: false,
          seed: 7,
          maxCases: 20,
          ...target.options,
          ...extra,
        }),
    );
    return { run, exchanges: exchanges.sort((a, b) => a.seq - b.seq) };
  } finally {
    await app.close();
  }
}

const serverViolations = (exchanges: ProxyExchange[]) =>
  exchanges.flatMap((exchange) =>
    exchange.violations
      .filter((violation) => violation.side === 'server' && violation.severity === 'error')
      .map(
        (violation) =>
          `#${exchange.seq} ${exchange.method} ${exchange.target}: ${violation.check} ${violation.message}`,
      ),
  );

describe("correct apps: no server-side violation on the runner's traffic", () => {
  test.each(Object.keys(RICH_TARGETS))('%s, generated cases included', async (name) => {
    const { run, exchanges } = await through(RICH_TARGETS[name]!, 'correct', { workers: 4 });
    expect(run.failed).toBe(0);
    expect(exchanges.length).toBeGreaterThan(50);
    expect(serverViolations(exchanges)).toEqual([]);
  });

  test.each(Object.keys(RICH_TARGETS))(
    '%s: the static cases one by one, client violations exactly on the invalid requests',
    async (name) => {
      const { run, exchanges } = await through(RICH_TARGETS[name]!, 'correct', { generated: false, workers: 1 });
      const sent = run.results.filter((result) => result.verdict !== 'skipped');
      // Sent one after the other: the proxy saw them in the runner's order.
      expect(exchanges.map((exchange) => exchange.method)).toEqual(sent.map((result) => result.case.request.method));
      const mismatched = sent.flatMap((result, index) => {
        const clientSide = violationIds(exchanges[index]!, 'client');
        const invalid = result.case.kind === 'negative';
        const valid = result.case.kind === 'positive';
        return (invalid && clientSide.length === 0) || (valid && clientSide.length > 0)
          ? [`${result.case.id}: client ${clientSide.join(', ') || 'none'}`]
          : [];
      });
      expect(mismatched).toEqual([]);
      expect(serverViolations(exchanges)).toEqual([]);
    },
  );
});

describe('broken apps: the proxy names the check the runner names', () => {
  test.each([
    ['catalog', 'no-total-count', 'response-headers'],
    ['catalog', 'wrong-problem-shape', 'response-schema'],
    ['catalog', 'health-html', 'content-type'],
    ['catalog', 'truncated-json', 'json-body'],
    ['forms', 'malformed-xml', 'body-syntax'],
    ['forms', 'accepts-zero-packets', 'outcome'],
    ['forms', 'meta-500', 'server-error'],
    ['pots', 'ignores-api-key', 'outcome'],
    ['pots', 'invalid-json', 'json-body'],
    ['greenhouse', 'and-as-or', 'outcome'],
    ['greenhouse', 'hangs-up', 'transport'],
  ])('%s %s -> %s', async (name, variant, check) => {
    const { exchanges } = await through(RICH_TARGETS[name]!, variant, { generated: false, workers: 1 });
    expect(serverViolations(exchanges).some((line) => line.includes(`: ${check} `))).toBe(true);
  });
});
