/**
 * Issue 18 sections 1 and 3 against a real server on port 0
 * (test/apps/nest-todos.ts) whose spec documents successes only. The
 * correct app answers 401, 400, 404 and 415 where HTTP calls for them: zero
 * failures, and each answer listed once per operation and status as a spec
 * gap. The broken app answers 500 for one valid value and 422 for another:
 * two distinct failures on one create, each shrunk on its own, each keeping
 * its status.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { ContractOptions } from '../../src/contract/options.js';
import { runContract } from '../../src/contract/run-contract.js';
import type { RunResult } from '../../src/contract/types.js';
import type { CaseResult } from '../../src/core/exchange/types.js';
import { type NestTodosVariant, startNestTodos, TODOS_TOKEN } from '../apps/nest-todos.js';
import type { ReferenceApp } from '../apps/shared/app-server.js';

const SPEC = 'test/fixtures/framework/todos-nest-3.0.yaml';

/** Apps started by a test, closed after it (the replays need them running). */
const running: ReferenceApp[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

/** A run against `variant`, and a way to replay one of its cases against the same app. */
async function runAgainst(
  variant: NestTodosVariant,
  extra: Pick<ContractOptions, 'seed' | 'only' | 'failOn'> = {},
): Promise<{ result: RunResult; replay: (item: CaseResult) => Promise<number> }> {
  const app = await startNestTodos(variant);
  running.push(app);
  const result = await runContract({ baseUrl: app.url, spec: SPEC, token: TODOS_TOKEN, seed: 1, ...extra });
  return { result, replay: (item) => replay(app.url, item) };
}

/** Send a recorded case's request again, as its curl line would. */
async function replay(url: string, item: CaseResult): Promise<number> {
  const { request } = item.case;
  const response = await fetch(url + request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  await response.arrayBuffer();
  return response.status;
}

const failureFindings = (result: RunResult) =>
  result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.class === 'failure')
      .map((finding) => `${item.case.id}: ${finding.check}`),
  );

describe('a correct server on an incomplete spec', () => {
  test('zero failures; 401, 400, 404 and 415 are spec gaps, one per operation and status', async () => {
    const { result } = await runAgainst('correct');
    expect(failureFindings(result)).toEqual([]);
    expect(result.failed).toBe(0);
    const gaps = result.specGaps.map((gap) => `${gap.status} ${gap.operation.replace('TodosController_', '')}`);
    expect(new Set(gaps).size).toBe(gaps.length);
    expect(gaps.sort()).toEqual(
      [
        '400 create',
        '400 findOne',
        '400 remove',
        '400 update',
        '401 create',
        '401 findAll',
        '401 findOne',
        '401 remove',
        '401 update',
        '404 findOne',
        '404 remove',
        '404 update',
        '415 create',
        '415 update',
      ].sort(),
    );
    const unsupported = result.specGaps.find((gap) => gap.status === 415)!;
    expect(unsupported.reason).toBe('the Content-Type is not one the operation takes');
    expect(unsupported.bodies[0]).toEqual({
      mediaType: 'application/json',
      body: '{"statusCode":415,"message":"Unsupported Media Type: text/plain","error":"Unsupported Media Type"}',
    });
    expect(result.distinctFailures).toEqual([]);
  });

  test('with --fail-on spec-gap the same run fails, on the cases that got them', async () => {
    const only = ['TodosController_findOne/positive'];
    const { result } = await runAgainst('correct', { only });
    expect(result.failed).toBe(0);
    const { result: strict } = await runAgainst('correct', { only, failOn: 'spec-gap' });
    expect(strict.failed).toBe(1);
    expect(strict.results[0]!.findings).toEqual([
      expect.objectContaining({ check: 'status-documented', class: 'spec-gap', severity: 'error' }),
    ]);
  });
});

describe('a server with two bugs on one create', () => {
  test('500 for a body without done, 422 for a title with a space: two distinct failures, each shrunk on its own', async () => {
    const { result, replay: again } = await runAgainst('two-bugs', {
      seed: 3,
      only: ['TodosController_create/generated/positive'],
    });
    const signatures = result.distinctFailures.map((failure) => failure.signature);
    expect(signatures).toEqual(
      expect.arrayContaining(['TodosController_create server-error 500', 'TodosController_create outcome 4xx']),
    );
    const failed = result.results.filter((item) => item.verdict === 'failed');
    expect(failed.map((item) => item.case.id).sort()).toEqual([
      'TodosController_create/generated/positive',
      'TodosController_create/generated/positive/failure-2',
    ]);
    const byStatus = new Map(failed.map((item) => [item.exchange.response!.status, item]));
    const serverError = byStatus.get(500)!;
    const refused = byStatus.get(422)!;
    // Each kept its own failure while shrinking: the 500's body lacks done; the 422's keeps done (without it, a 500).
    expect(JSON.parse(serverError.case.request.body!)).not.toHaveProperty('done');
    const refusedBody = JSON.parse(refused.case.request.body!) as { title: string; done?: boolean };
    expect(refusedBody).toHaveProperty('done');
    expect(refusedBody.title).toContain(' ');
    // And the requests reproduce them.
    expect(await again(serverError)).toBe(500);
    expect(await again(refused)).toBe(422);
  });

  test('each bug alone is one distinct failure', async () => {
    for (const [variant, signature] of [
      ['done-500', 'TodosController_create server-error 500'],
      ['spaced-title-422', 'TodosController_create outcome 4xx'],
    ] as const) {
      const { result } = await runAgainst(variant, { only: ['TodosController_create/generated/positive'] });
      expect(result.distinctFailures.map((failure) => failure.signature)).toEqual([signature]);
    }
  });
});
