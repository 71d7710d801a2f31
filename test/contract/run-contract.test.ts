/**
 * The runner against real HTTP servers on port 0: a correct Plant Store
 * passes, each deliberately broken one is caught by the right check, and
 * odd-but-correct servers raise no false alarm.
 */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import type { RunResult } from '../../src/contract/types.js';
import { TargetUnreachableError } from '../../src/core/errors.js';
import { APP_TOKEN, startPlantStore, type Variant } from '../apps/plant-store.js';

async function runAgainst(
  variant: Variant,
  options: { strict?: boolean; timeoutMs?: number } = {},
): Promise<RunResult> {
  const app = await startPlantStore(variant);
  try {
    // The static cases are this file's subject; generated cases have their own tests (test/contract/property/).
    return await runContract({
      baseUrl: app.url,
      spec: 'openapi.yaml',
      token: APP_TOKEN,
      timeoutMs: options.timeoutMs ?? 2000,
      strict: options.strict ?? false,
      generated: false,
    });
  } finally {
    await app.close();
  }
}

/** `check -> case ids` of every finding. */
function failuresByCheck(result: RunResult): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const caseResult of result.results) {
    for (const finding of caseResult.findings)
      map.set(finding.check, [...(map.get(finding.check) ?? []), caseResult.case.id]);
  }
  return map;
}

describe('no false alarms', () => {
  const variants: Variant[] = [
    'correct',
    'auth-403',
    'auth-400',
    'charset',
    'extra-headers',
    'key-order',
    'omit-tag',
    'slow-150ms',
  ];
  test.each(variants)('%s passes every case', async (variant) => {
    const result = await runAgainst(variant);
    expect(result.results.flatMap((item) => item.findings).filter((item) => item.class !== 'spec-gap')).toEqual([]);
    // The Plant Store documents no 401 or 403: the refusals of the auth cases are spec gaps, listed, never failed.
    const refusal = variant === 'auth-403' ? 403 : variant === 'auth-400' ? undefined : 401;
    expect(result.specGaps.map((gap) => `${gap.fix}: ${gap.reason}`)).toEqual(
      refusal ? [`document ${refusal} on addPlant: the request carried no valid credentials`] : [],
    );
    expect(result.failed).toBe(0);
    expect(result.passed).toBe(result.results.length);
    expect(result.passed).toBeGreaterThanOrEqual(22);
  });

  test('the case list covers positive, negative, auth and scenario kinds', async () => {
    const result = await runAgainst('correct');
    const ids = result.results.map((item) => item.case.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'addPlant/positive/example/monstera',
        'addPlant/positive/example/fern',
        'addPlant/positive/minimal',
        'addPlant/positive/full',
        'addPlant/negative/missing-required/id',
        'addPlant/negative/missing-required/name',
        'addPlant/negative/wrong-type/id',
        'addPlant/negative/wrong-type/name',
        'addPlant/negative/wrong-type/tag',
        'addPlant/negative/malformed-json',
        'addPlant/negative/empty-body',
        'addPlant/negative/not-an-object',
        'addPlant/negative/wrong-content-type',
        'addPlant/auth/missing',
        'addPlant/auth/empty-token',
        'addPlant/auth/other-scheme',
        'addPlant/auth/wrong-token',
        'addPlant/scenario/largest-int64-id-is-accepted',
        'addPlant/scenario/id-beyond-int64-is-rejected',
      ]),
    );
  });
});

describe('each broken server is caught by the right check', () => {
  const cases: Array<[Variant, { check: string; cases: string[] }]> = [
    [
      'wrong-200-shape',
      { check: 'response-schema', cases: ['addPlant/positive/minimal', 'addPlant/positive/example/monstera'] },
    ],
    [
      'wrong-400-shape',
      {
        check: 'response-schema',
        cases: ['addPlant/negative/missing-required/name', 'addPlant/negative/malformed-json'],
      },
    ],
    [
      'accepts-invalid',
      {
        check: 'outcome',
        cases: [
          'addPlant/negative/missing-required/name',
          'addPlant/negative/wrong-type/id',
          'addPlant/negative/not-an-object',
        ],
      },
    ],
    [
      'ignores-auth',
      {
        check: 'outcome',
        cases: [
          'addPlant/auth/missing',
          'addPlant/auth/empty-token',
          'addPlant/auth/other-scheme',
          'addPlant/auth/wrong-token',
        ],
      },
    ],
    [
      'wrong-content-type',
      { check: 'content-type', cases: ['addPlant/positive/minimal', 'addPlant/negative/empty-body'] },
    ],
    ['undocumented-status', { check: 'status-documented', cases: ['addPlant/positive/minimal'] }],
    [
      'server-error',
      { check: 'server-error', cases: ['addPlant/positive/full', 'addPlant/positive/example/monstera'] },
    ],
    ['hang', { check: 'transport', cases: ['addPlant/positive/minimal'] }],
    ['non-json', { check: 'json-body', cases: ['addPlant/positive/minimal'] }],
    ['wrong-echo', { check: 'echo', cases: ['addPlant/scenario/created-plant-keeps-its-name-and-tag'] }],
    ['huge-body', { check: 'transport', cases: ['addPlant/positive/minimal'] }],
  ];
  test.each(cases)('%s -> %s', async (variant, want) => {
    const result = await runAgainst(variant, { timeoutMs: variant === 'hang' ? 300 : 2000 });
    expect(result.failed).toBeGreaterThan(0);
    expect(failuresByCheck(result).get(want.check)).toEqual(expect.arrayContaining(want.cases));
  });

  test('--strict catches an id in a 200 Plant (rule 2 of the interface); without it the server passes', async () => {
    expect((await runAgainst('echoes-id')).failed).toBe(0);
    const strict = await runAgainst('echoes-id', { strict: true });
    expect(failuresByCheck(strict).get('undeclared-property')).toEqual(
      expect.arrayContaining(['addPlant/positive/minimal']),
    );
  });

  test('a hanging server ends the run instead of hanging it', async () => {
    const started = performance.now();
    const result = await runAgainst('hang', { timeoutMs: 200 });
    expect(performance.now() - started).toBeLessThan(15_000);
    const timedOut = result.results.filter((item) => item.exchange.failure?.kind === 'timeout');
    expect(timedOut.length).toBeGreaterThan(0);
  });
});

describe('faults', () => {
  test('an unreachable base URL throws at once', async () => {
    const app = await startPlantStore();
    await app.close();
    const started = performance.now();
    const error = await runContract({ baseUrl: app.url, spec: 'openapi.yaml', token: APP_TOKEN }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TargetUnreachableError);
    expect((error as Error).message).toBe(`cannot reach ${app.url} (ECONNREFUSED)`);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('a spec requiring auth without a token is a fault, not a run', async () => {
    const error = await runContract({ baseUrl: 'http://127.0.0.1:9', spec: 'openapi.yaml' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: 'PLANTKIT_AUTH_MISSING' });
  });

  test('redirects are not followed (the token must not travel)', async () => {
    const target = await startPlantStore();
    const { createServer } = await import('node:http');
    const redirector = createServer((request, response) => {
      response.writeHead(307, { location: `${target.url}${request.url}` });
      response.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const { port } = redirector.address() as { port: number };
    try {
      const result = await runContract({
        baseUrl: `http://127.0.0.1:${port}`,
        spec: 'openapi.yaml',
        token: APP_TOKEN,
        only: ['addPlant/positive/minimal'],
      });
      expect(result.results[0]?.exchange.response?.status).toBe(307);
      expect(failuresByCheck(result).get('status-documented')).toEqual(['addPlant/positive/minimal']);
      expect(target.requests).toHaveLength(0);
    } finally {
      redirector.close();
      await target.close();
    }
  });
});

describe('requests', () => {
  test('int64 ids are sent as exact text and the token as Bearer', async () => {
    const app = await startPlantStore();
    try {
      await runContract({ baseUrl: app.url, spec: 'openapi.yaml', token: APP_TOKEN, only: ['addPlant/scenario'] });
      const bodies = app.requests.map((request) => request.body);
      expect(bodies).toContain('{"id":9223372036854775807,"name":"Int64 max"}');
      expect(bodies).toContain('{"id":9223372036854775808,"name":"Int64 overflow"}');
      expect(app.requests.every((request) => request.headers.authorization === `Bearer ${APP_TOKEN}`)).toBe(true);
    } finally {
      await app.close();
    }
  });

  test('generated ids are unique within a run', async () => {
    const app = await startPlantStore();
    try {
      await runContract({
        baseUrl: app.url,
        spec: 'openapi.yaml',
        token: APP_TOKEN,
        contracts: false,
        only: ['addPlant/positive/minimal', 'addPlant/positive/full'],
      });
      const ids = app.requests.map((request) => (JSON.parse(request.body) as { id: number }).id);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
    } finally {
      await app.close();
    }
  });
});
