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
      expect(result.results.flatMap((item) => item.findings.map((finding) => `${item.case.id}: ${finding.check} ${finding.message}`))).toEqual([]);
      expect(result.passed).toBe(result.results.length);
      expect(result.passed).toBeGreaterThanOrEqual(22);
    } finally {
      await mock.close();
    }
  });

  test('without --token the mock accepts any token, so only the wrong-token case fails', async () => {
    const mock = await startMock({ port: 0 });
    try {
      const result = await runContract({ baseUrl: mock.url, spec: 'openapi.yaml', token: 'anything' });
      expect(result.results.filter((item) => item.verdict === 'failed').map((item) => item.case.id)).toEqual(['addPlant/auth/wrong-token']);
    } finally {
      await mock.close();
    }
  });
});
