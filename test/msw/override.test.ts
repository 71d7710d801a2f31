/**
 * Validated overrides: `override(operationId, { status, body, headers })` is
 * checked when the test writes it, with the runner's own checks and finding
 * text (compared with a real contract run against a server that sends the
 * same body); a valid one is served after the request checks; an invalid one
 * never reaches the component. Also the stateful store through MSW.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { PlantkitError } from '../../src/core/errors.js';
import { createHandlers, type SpecHandlers } from '../../src/msw/index.js';
import { startUpstream } from '../support/upstream.js';

const API = 'http://127.0.0.1:1';
const ADD_PLANT = {
  method: 'POST',
  headers: { authorization: 'Bearer any-token', 'content-type': 'application/json' },
  body: '{"id":7,"name":"Fern"}',
};
const OFF_SPEC_BODY = { tag: 7 };

/** The error `run()` throws, or a failure when it returns. */
function thrown(run: () => unknown): PlantkitError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PlantkitError);
    return error as PlantkitError;
  }
  throw new Error('expected a PlantkitError');
}

describe('overrides of the Plant Store', () => {
  let plants: SpecHandlers;
  const server = setupServer();
  beforeAll(async () => {
    plants = await createHandlers('openapi.yaml', { baseUrl: API });
    server.resetHandlers(...plants.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => server.resetHandlers(...plants.handlers));
  afterAll(() => server.close());

  test('a valid override is served once the request passes its checks', async () => {
    server.use(plants.override('addPlant', { status: 200, body: { name: 'Override', tag: 'shade' } }));
    const answer = await fetch(`${API}/plants`, ADD_PLANT);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ name: 'Override', tag: 'shade' });
    const unauthorised = await fetch(`${API}/plants`, {
      ...ADD_PLANT,
      headers: { 'content-type': 'application/json' },
    });
    expect(unauthorised.status).toBe(401);
  });

  test('once: the first request gets the override, the next the mock answer (the request echoed in the Plant shape)', async () => {
    server.use(plants.override('addPlant', { status: 200, body: { name: 'Once' } }, { once: true }));
    expect(await (await fetch(`${API}/plants`, ADD_PLANT)).json()).toEqual({ name: 'Once' });
    expect(await (await fetch(`${API}/plants`, ADD_PLANT)).json()).toEqual({ name: 'Fern' });
  });

  test('without a body: the documented answer for that status', async () => {
    server.use(plants.override('addPlant', { status: 400 }));
    const answer = await fetch(`${API}/plants`, ADD_PLANT);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 400, message: "body must have required property 'name'" });
  });

  test('an off-spec body throws where the test wrote it, with the findings of plantkit contract', async () => {
    const error = thrown(() => plants.override('addPlant', { status: 200, body: OFF_SPEC_BODY }));
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(OFF_SPEC_BODY));
    });
    try {
      server.close();
      const run = await runContract({
        baseUrl: upstream.url,
        spec: 'openapi.yaml',
        contracts: false,
        generated: false,
        stateful: false,
        token: 'any-token',
      });
      const findings = run.results
        .filter((result) => result.exchange.response?.status === 200)
        .flatMap((result) => result.findings)
        .filter((finding) => finding.check === 'response-schema');
      expect(findings.length).toBeGreaterThan(0);
      for (const finding of findings) {
        expect(error.message).toContain(`  ${finding.check} ${finding.pointer}: ${finding.message}`);
        if (finding.received !== undefined) expect(error.message).toContain(`    received:   ${finding.received}`);
        if (finding.documented !== undefined) expect(error.message).toContain(`    documented: ${finding.documented}`);
      }
    } finally {
      await upstream.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
    expect(error.message.split('\n')[0]).toBe(
      "override('addPlant', 200) is not a response the spec allows for addPlant (POST /plants):",
    );
  });

  test('an off-spec body never reaches the component: no handler was added', async () => {
    expect(() => server.use(plants.override('addPlant', { status: 200, body: OFF_SPEC_BODY }))).toThrow(PlantkitError);
    expect(await (await fetch(`${API}/plants`, ADD_PLANT)).json()).toEqual({ name: 'Fern' });
  });

  test.each([
    [
      'an unknown operation names the operations',
      {
        given: () => plants.override('addPlants', { status: 200 }),
        want: {
          message: "override('addPlants', 200): Plant Store has no operation 'addPlants'",
          hint: 'operations: addPlant',
        },
      },
    ],
    [
      'an undocumented status names the documented ones',
      {
        given: () => plants.override('addPlant', { status: 201, body: { name: 'Fern' } }),
        want: {
          message: "override('addPlant', 201): addPlant documents no 201 response",
          hint: 'documented: 200, 400',
        },
      },
    ],
    [
      'an undocumented media type names the documented ones',
      {
        given: () => plants.override('addPlant', { status: 200, body: 'Fern', contentType: 'text/plain' }),
        want: {
          message: "override('addPlant', 200): addPlant documents no 'text/plain' body for 200",
          hint: 'documented: application/json',
        },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    const error = thrown(given);
    expect({ message: error.message, hint: error.hint }).toEqual(want);
    expect(error.code).toBe('PLANTKIT_USAGE');
  });
});

describe('the stateful store through MSW', () => {
  const ORDERS = 'http://127.0.0.1:1/shop';
  const ORDER = { item: 'Monstera', quantity: 2, status: 'open' };
  let orders: SpecHandlers;
  const server = setupServer();
  beforeAll(async () => {
    orders = await createHandlers('test/fixtures/stateful/orders-3.0.yaml', { baseUrl: ORDERS, stateful: true });
    server.resetHandlers(...orders.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server.resetHandlers(...orders.handlers);
    orders.reset();
  });
  afterAll(() => server.close());

  const post = (body: unknown) =>
    fetch(`${ORDERS}/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  test('what the component creates it reads back, lists, and loses on reset()', async () => {
    const created = (await (await post(ORDER)).json()) as { id: string };
    expect(created).toMatchObject(ORDER);
    expect(await (await fetch(`${ORDERS}/orders/${created.id}`)).json()).toEqual(created);
    expect(await (await fetch(`${ORDERS}/orders`)).json()).toMatchObject({ data: [created], total: 1 });
    orders.reset();
    expect((await fetch(`${ORDERS}/orders/${created.id}`)).status).toBe(404);
  });

  test('an override wins over the store, and a 204 with a body is refused with unexpected-body', async () => {
    const error = thrown(() => orders.override('cancelOrder', { status: 204, body: { gone: true } }));
    expect(error.message).toContain('  unexpected-body');
    server.use(orders.override('listOrders', { status: 200, body: { data: [], total: 0 } }));
    await post(ORDER);
    expect(await (await fetch(`${ORDERS}/orders`)).json()).toEqual({ data: [], total: 0 });
  });
});
