/**
 * The sender's guard against false alarms: a request is sent only when the
 * wire check agrees with what the case expects (valid requests valid, broken
 * ones invalid in exactly the part their mutation broke), judged on the
 * request as it goes on the wire, parameters and body alike.
 */
import { describe, expect, it } from 'vitest';
import { createCaseContext } from '../../../src/contract/cases/context.js';
import type { PhaseSession } from '../../../src/contract/phase.js';
import { GeneratedSender } from '../../../src/contract/property/sender.js';
import { propertyTarget } from '../../../src/contract/property/target.js';
import { UniqueIds } from '../../../src/contract/property/unique-ids.js';
import type { CaseResult, ContractCase } from '../../../src/core/exchange/types.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { SchemaObject } from '../../../src/core/spec/types.js';
import { compileValidators } from '../../../src/core/validation/compile-validators.js';

const SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', format: 'int64' },
    name: { type: 'string' },
    note: { type: ['string', 'null'] },
  },
};

const PARAMETERS = [
  { name: 'shelf', in: 'path', required: true, schema: { type: 'string' } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
  { name: 'X-Trace', in: 'header', schema: { type: 'string', maxLength: 8 } },
];

/** A sender over a one-operation spec whose server answers `status` to everything. */
async function setup(status = 200) {
  const operation = {
    operationId: 'addThing',
    parameters: PARAMETERS,
    requestBody: { required: true, content: { 'application/json': { schema: SCHEMA } } },
    responses: { '200': { description: 'ok' } },
  };
  const spec = await loadSpec({
    document: {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/shelves/{shelf}/things': { post: operation } },
    },
  });
  const context = createCaseContext(spec, compileValidators(spec), {
    credentials: { bearer: 't', apiKey: undefined, basic: undefined, byScheme: {} },
    token: 't',
    integerBase: 1n,
    scenarios: new Map(),
  });
  const sent: ContractCase[] = [];
  const session = {
    spec,
    context,
    settings: { seed: 1 },
    execute: async (contractCase: ContractCase): Promise<CaseResult> => {
      sent.push(contractCase);
      const response = { status, headers: {}, body: '{}', truncated: false, invalidUtf8: false };
      return {
        case: contractCase,
        exchange: { case: contractCase, url: 'http://x/things', durationMs: 0, response },
        findings: [],
        verdict: 'passed',
      };
    },
  } as unknown as PhaseSession;
  const outcome = propertyTarget(spec.operations[0]!, context, spec);
  if (!outcome || 'cannot' in outcome) throw new Error('no target');
  return { sender: new GeneratedSender(session, new UniqueIds(1)), target: outcome.target, sent };
}

const VALID = { valid: true, phase: 'positive' as const, id: 'addThing/generated/x', title: 'x' };
const INVALID = { valid: false, phase: 'negative' as const, id: 'addThing/generated/y', title: 'y' };
const request = (prepared: Awaited<ReturnType<GeneratedSender['prepare']>>) => {
  if (!('case' in prepared)) throw new Error(prepared.unusable);
  return prepared.case.request;
};
const BODY = { id: 1n, name: 'a' };

describe('GeneratedSender.prepare', () => {
  it('refuses a "valid" request the wire check rejects', async () => {
    const { sender, target } = await setup();
    expect(await sender.prepare(target, { 'path:shelf': 's', body: { id: 1n } }, VALID)).toEqual({
      unusable: "generated request is not valid: body must have required property 'name'",
    });
  });

  it('refuses an "invalid" request that is still valid after its mutation', async () => {
    const { sender, target } = await setup();
    // A mutation that cannot break anything: null where the schema allows null.
    target.mutations.push({
      key: 'null:/body/note',
      kind: 'null',
      pointer: '/body/note',
      label: 'note',
      describe: 'note null',
      gen: target.mutations[0]!.gen,
      edge: null,
    });
    expect(
      await sender.prepare(target, [{ 'path:shelf': 's', body: BODY }, ['null:/body/note', null]], INVALID),
    ).toEqual({ unusable: 'the mutated request is still valid' });
  });

  it('refuses an "invalid" request that breaks another part too: only the intended violation may be there', async () => {
    const { sender, target } = await setup();
    const prepared = await sender.prepare(
      target,
      [{ 'path:shelf': 's', 'query:limit': 500n, body: BODY }, ['above-range:/body/id', 2n ** 63n]],
      INVALID,
    );
    expect(prepared).toEqual({
      unusable: expect.stringMatching(
        /^the mutated request breaks more than id above its int64 range .*: query parameter 'limit' must be <= 50$/,
      ),
    });
  });

  it('writes broken integers digit for digit, and expects a rejection', async () => {
    const { sender, target } = await setup();
    const prepared = await sender.prepare(
      target,
      [{ 'path:shelf': 's', body: BODY }, ['above-range:/body/id', 2n ** 63n]],
      INVALID,
    );
    expect(request(prepared).body).toBe('{"id":9223372036854775808,"name":"a"}');
    expect('case' in prepared && prepared.case.expect).toEqual({ outcome: 'rejection' });
  });

  it('serialises parameters in their styles and leaves out optional ones the value does not hold', async () => {
    const { sender, target } = await setup();
    const full = request(
      await sender.prepare(
        target,
        { 'path:shelf': 'a b', 'query:limit': 50n, 'header:x-trace': 'ab-1', body: BODY },
        VALID,
      ),
    );
    expect(full.path).toBe('/shelves/a%20b/things?limit=50');
    expect(full.headers['x-trace']).toBe('ab-1');
    const minimal = request(await sender.prepare(target, { 'path:shelf': 'a', body: BODY }, VALID));
    expect(minimal.path).toBe('/shelves/a/things');
    expect(minimal.headers).not.toHaveProperty('x-trace');
  });

  it.each([
    [
      'a header value with a line break',
      { 'header:x-trace': 'a\nb' },
      /^header x-trace cannot carry the value as generated: U\+000A is not a field-value character/,
    ],
    [
      'a header value beyond Latin-1',
      { 'header:x-trace': '虎' },
      /^header x-trace cannot carry the value as generated: '虎' \(U\+864E\)/,
    ],
    [
      'a header value the server would read trimmed',
      { 'header:x-trace': 'ab ' },
      /^header x-trace cannot carry the value as generated: a field value has no leading or trailing whitespace/,
    ],
    ['a path segment URL resolution removes', { 'path:shelf': '..' }, /dot segment/],
  ])('never sends %s', async (_name, parts, reason) => {
    const { sender, target } = await setup();
    const prepared = await sender.prepare(target, { 'path:shelf': 's', ...parts, body: BODY }, VALID);
    expect(prepared).toEqual({ unusable: expect.stringMatching(reason) });
  });

  it('moves an id the server has already accepted, and keeps the int64 text exact', async () => {
    const { sender, target, sent } = await setup(200);
    const first = await sender.prepare(target, { 'path:shelf': 's', body: { id: 2n ** 63n - 1n, name: 'a' } }, VALID);
    if (!('case' in first)) throw new Error(first.unusable);
    await sender.send(first);
    const second = request(
      await sender.prepare(target, { 'path:shelf': 's', body: { id: 2n ** 63n - 1n, name: 'a' } }, VALID),
    );
    expect(second.body).toBe('{"id":9223372036854775806,"name":"a"}');
    expect(sent.map((item) => item.request.body)).toEqual(['{"id":9223372036854775807,"name":"a"}']);
  });

  it('does not count an id as taken when the server refused the body', async () => {
    const { sender, target } = await setup(400);
    const first = await sender.prepare(target, { 'path:shelf': 's', body: { id: 5n, name: 'a' } }, VALID);
    if (!('case' in first)) throw new Error(first.unusable);
    await sender.send(first);
    const again = request(await sender.prepare(target, { 'path:shelf': 's', body: { id: 5n, name: 'a' } }, VALID));
    expect(again.body).toBe('{"id":5,"name":"a"}');
  });
});

describe('propertyTarget', () => {
  it('generates every parameter with a schema and the body, and labels body properties as before', async () => {
    const { target } = await setup();
    expect(target.parts.map((part) => part.key)).toEqual(['path:shelf', 'query:limit', 'header:x-trace', 'body']);
    expect(target.sites.map((site) => site.label)).toEqual([
      'path/shelf',
      'query/limit',
      'header/X-Trace',
      'body',
      'id',
      'name',
      'note',
    ]);
    // A path parameter cannot be left out of its path.
    expect(target.mutations.map((mutation) => mutation.key)).not.toContain('missing:/path:shelf');
    expect(target.mutations.map((mutation) => mutation.key)).toContain('missing:/body/name');
  });

  it('reports an operation whose required parameter cannot be satisfied, once, with the reason', async () => {
    const spec = await loadSpec({
      document: {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/x': {
            get: {
              operationId: 'getX',
              parameters: [
                { name: 'n', in: 'query', required: true, schema: { type: 'integer', minimum: 10, maximum: 5 } },
              ],
              responses: { '200': { description: 'ok' } },
            },
          },
        },
      },
    });
    const context = createCaseContext(spec, compileValidators(spec), {
      credentials: { bearer: undefined, apiKey: undefined, basic: undefined, byScheme: {} },
      token: undefined,
      integerBase: 1n,
      scenarios: new Map(),
    });
    const outcome = propertyTarget(spec.operations[0]!, context, spec);
    expect(outcome).toEqual({ cannot: expect.stringContaining("query parameter 'n'") });
  });
});
