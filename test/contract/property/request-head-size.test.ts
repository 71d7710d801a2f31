/**
 * A generated request never outgrows a server's request head: with sixty
 * unbounded query parameters, random valid values once built URLs over
 * 16 KiB, and the kit's own mock (Node's header limit) answered 431, which
 * the run reported against a correct server (EPA's Air Quality description
 * in the real-world sample). Requests whose line and headers pass 8 KiB are
 * not sent.
 */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { fixturePath, withMock } from '../../support/mock.js';

const SPEC = fixturePath('rich/wide-query-3.0.yaml');

describe('generated requests stay within 8 KiB of request line and headers', () => {
  test.each([1, 2, 3])(
    'seed %i: the mock answers every generated request, none with 414 or 431',
    async (seed) => {
      await withMock({ spec: SPEC }, async (mock) => {
        const result = await runContract({ baseUrl: mock.url, spec: SPEC, contracts: false, seed, maxCases: 100 });
        const statuses = result.results.map((item) => item.exchange.response?.status);
        expect(statuses).not.toContain(431);
        expect(statuses).not.toContain(414);
        expect(
          result.results
            .filter((item) => item.verdict === 'failed')
            .map((item) => `${item.case.id}: ${item.findings[0]?.message}`),
        ).toEqual([]);
        expect(result.passed).toBeGreaterThan(0);
        for (const item of result.results)
          expect(Buffer.byteLength(item.case.request.path)).toBeLessThanOrEqual(8 * 1024);
      });
    },
    60_000,
  );
});
