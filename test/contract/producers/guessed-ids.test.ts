/**
 * Issue 18 follow-up: a value the pool guessed from a same-named field of
 * another operation's answer (a team's `id` for `/webhooks/{id}`) may name
 * another kind of resource, so a case built on it claims no live resource
 * and a 404 for it is a spec gap, not a failure. A value from the
 * operation's own collection (the team's create for `/teams/{id}`) is
 * trusted: a 404 for it stays a failure.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunResult } from '../../../src/contract/types.js';
import { type ReferenceApp, startApp } from '../../apps/shared/app-server.js';
import { isObject, readJsonBody } from '../../apps/shared/json-body.js';
import { type Route, serveRoutes } from '../../apps/shared/routes.js';

const SPEC = 'test/fixtures/producers/guessed-ids-3.0.yaml';

let app: ReferenceApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Teams and deploy keys in memory; no webhook and no user key exists. `lose-teams`: a stored team is answered 404 (the bug). */
async function startTeamsApp(variant: 'correct' | 'lose-teams'): Promise<ReferenceApp> {
  const teams = new Map<string, { id: string; name: string }>();
  let next = 1;
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const routes: Route[] = [
    {
      method: 'POST',
      path: '/teams',
      handle(request, response) {
        const read = readJsonBody(request);
        const name = 'value' in read && isObject(read.value) ? read.value.name : undefined;
        if (typeof name !== 'string' || name.length < 1 || [...name].length > 20)
          return json(response, 400, { message: 'name must be 1 to 20 characters' });
        const team = { id: `t${next++}`, name };
        teams.set(team.id, team);
        json(response, 201, team);
      },
    },
    {
      method: 'GET',
      path: '/teams/{id}',
      handle(_request, response, params) {
        const team = variant === 'lose-teams' ? undefined : teams.get(params.id!);
        if (!team) return json(response, 404, { message: `no team ${params.id}` });
        json(response, 200, team);
      },
    },
    {
      method: 'POST',
      path: '/repos/{repo}/keys',
      handle(request, response) {
        const read = readJsonBody(request);
        const key = 'value' in read && isObject(read.value) ? read.value.key : undefined;
        if (typeof key !== 'string' || key.length < 1 || [...key].length > 20)
          return json(response, 400, { message: 'key must be 1 to 20 characters' });
        json(response, 201, { id: next++, key });
      },
    },
    { method: 'GET', path: '/user/keys', handle: (_request, response) => json(response, 200, []) },
    {
      method: 'GET',
      path: '/user/keys/{key_id}',
      handle(_request, response, params) {
        json(response, 404, { message: `no key ${params.key_id} of yours` });
      },
    },
    {
      method: 'GET',
      path: '/webhooks/{id}',
      handle(_request, response, params) {
        json(response, 404, { message: `no webhook ${params.id}` });
      },
    },
  ];
  return startApp(
    serveRoutes(routes, '', {
      notFound: (_request, response) => json(response, 404, { message: 'no such path' }),
      notAllowed: (_request, response) => json(response, 405, { message: 'method not allowed' }),
    }),
  );
}

async function run(variant: 'correct' | 'lose-teams'): Promise<RunResult> {
  app = await startTeamsApp(variant);
  return runContract({ baseUrl: app.url, spec: SPEC, contracts: false, seed: 7, maxCases: 10 });
}

const failures = (result: RunResult) =>
  result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.class === 'failure')
      .map((finding) => `${item.case.operation.id} ${item.exchange.response?.status} ${finding.check}`),
  );

describe('an id guessed from a same-named field', () => {
  test('names no live resource: the webhook 404 is a spec gap, and the case still says where its id came from', async () => {
    const result = await run('correct');
    expect(failures(result)).toEqual([]);
    const webhook = result.results.find((item) => item.case.id === 'getWebhook/positive/request');
    expect(webhook?.exchange.response?.status).toBe(404);
    expect(webhook?.case.resource).toBe('made-up');
    expect(webhook?.case.producers?.[0]).toMatchObject({ parameter: 'path:id', operation: 'createTeam' });
    expect(webhook?.case.request.path).toMatch(/^\/webhooks\/t\d+$/);
    expect(result.specGaps.map((gap) => `${gap.operation} ${gap.status}`)).toContain('getWebhook 404');
  });

  test("an id from a collection of another path with the parameter's name (a deploy key for /user/keys/{key_id}) names no live resource", async () => {
    const result = await run('correct');
    const key = result.results.find((item) => item.case.id === 'getUserKey/positive/request');
    expect(key?.exchange.response?.status).toBe(404);
    expect(key?.case.producers?.[0]).toMatchObject({ parameter: 'path:key_id', operation: 'createDeployKey' });
    expect(key?.case.resource).toBe('made-up');
    expect(failures(result)).toEqual([]);
  });

  test("an id from the operation's own collection is trusted: a 404 for a stored team is a failure", async () => {
    const result = await run('lose-teams');
    const team = result.results.find((item) => item.case.id === 'getTeam/positive/request');
    expect(team?.case.resource).toBe('live');
    expect(failures(result)).toContain('getTeam 404 outcome');
    expect(failures(result).filter((line) => line.startsWith('getWebhook'))).toEqual([]);
  });
});
