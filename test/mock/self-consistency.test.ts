/** One spec, one validator: `plantkit contract` passes against `plantkit mock`, static and dynamic. */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { startMock } from '../../src/mock/start-mock.js';

describe('contract against the mock', () => {
  test.each([
    ['examples (default)', { dynamic: false }],
    ['--dynamic', { dynamic: true }],
    ['--dynamic --seed', { dynamic: true, seed: 'ci' }],
  ])('%s: every case passes', async (_name, options) => {
    const mock = await startMock({ port: 0, token: 'ci-token', ...options });
    try {
      const result = await runContract({ baseUrl: mock.url, spec: 'openapi.yaml', token: 'ci-token' });
      expect(
        result.results.flatMap((item) =>
          item.findings
            .filter((finding) => finding.class !== 'spec-gap')
            .map((finding) => `${item.case.id}: ${finding.check} ${finding.message}`),
        ),
      ).toEqual([]);
      // The mock refuses bad credentials with 401, which the Plant Store does not document: a spec gap, not a failure.
      expect(result.specGaps.map((gap) => gap.fix)).toEqual(['document 401 on addPlant']);
      expect(result.passed).toBe(result.results.length);
      expect(result.passed).toBeGreaterThanOrEqual(22);
    } finally {
      await mock.close();
    }
  });

  test('issue 11 item 4: without --token the mock accepts any token and says so; the wrong-token case is skipped with how to pin it, the run passes', async () => {
    const mock = await startMock({ port: 0 });
    try {
      const result = await runContract({ baseUrl: mock.url, spec: 'openapi.yaml', token: 'dev' });
      expect(result.failed).toBe(0);
      const skipped = result.results.filter((item) => item.verdict === 'skipped');
      expect(skipped.map((item) => item.case.id)).toEqual(['addPlant/auth/wrong-token']);
      expect(skipped[0]!.case.skip).toMatch(
        /the plantkit mock accepts any credential for bearerAuth; pin it to run this case \(plantkit mock --token T/,
      );
    } finally {
      await mock.close();
    }
  });

  test('a mock started with the token pins it, and the wrong-token case runs and passes', async () => {
    const mock = await startMock({ port: 0, token: 'dev' });
    try {
      const result = await runContract({ baseUrl: mock.url, spec: 'openapi.yaml', token: 'dev' });
      expect(result.results.find((item) => item.case.id === 'addPlant/auth/wrong-token')?.verdict).toBe('passed');
      expect(result.failed).toBe(0);
    } finally {
      await mock.close();
    }
  });
});
