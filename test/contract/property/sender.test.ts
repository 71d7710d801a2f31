/**
 * The sender's guard against false alarms: a body is sent only when the
 * request validator agrees with what the case expects (valid bodies valid,
 * broken ones invalid), judged on the exact JSON text that goes on the wire.
 */
import { createCaseContext } from '../../../src/contract/cases/context.js';
import { describe, expect, it } from 'vitest';
import { GeneratedSender } from '../../../src/contract/property/sender.js';
import { propertyTarget } from '../../../src/contract/property/target.js';
import { UniqueIds } from '../../../src/contract/property/unique-ids.js';
import type { PhaseSession } from '../../../src/contract/phase.js';
import type { CaseResult, ContractCase } from '../../../src/contract/types.js';
import { loadSpec } from '../../../src/spec/load-spec.js';
import { compileValidators } from '../../../src/validation/compile-validators.js';
import type { SchemaObject } from '../../../src/spec/types.js';

const SCHEMA: SchemaObject = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' }, note: { type: ['string', 'null'] } },
};

/** A sender over a one-operation spec whose server answers `status` to everything. */
async function setup(status = 200) {
  const spec = await loadSpec({ document: { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/things': { post: { operationId: 'addThing', requestBody: { required: true, content: { 'application/json': { schema: SCHEMA } } }, responses: { '200': { description: 'ok' } } } } } } });
  const context = createCaseContext(spec, compileValidators(spec), { credentials: { bearer: 't', apiKey: undefined, basic: undefined, byScheme: {} }, token: 't', integerBase: 1n, scenarios: new Map() });
  const sent: ContractCase[] = [];
  const session = {
    spec,
    context,
    execute: async (contractCase: ContractCase): Promise<CaseResult> => {
      sent.push(contractCase);
      const response = { status, headers: {}, body: '{}', truncated: false, invalidUtf8: false };
      return { case: contractCase, exchange: { case: contractCase, url: 'http://x/things', durationMs: 0, response }, findings: [], verdict: 'passed' };
    },
  } as unknown as PhaseSession;
  const target = propertyTarget(spec.operations[0]!, context, spec)!;
  return { sender: new GeneratedSender(session, new UniqueIds(1)), target, sent };
}

const VALID = { valid: true, id: 'addThing/generated/x', title: 'x' };
const INVALID = { valid: false, id: 'addThing/generated/y', title: 'y' };

describe('GeneratedSender.prepare', () => {
  it('refuses a "valid" body the validator rejects', async () => {
    const { sender, target } = await setup();
    expect(sender.prepare(target, { id: 1n }, VALID)).toEqual({ unusable: "generated body is not valid: body must have required property 'name'" });
  });

  it('refuses an "invalid" body that is still valid after its mutation', async () => {
    const { sender, target } = await setup();
    // A mutation that cannot break anything: null where the schema allows null.
    target.mutations.push({ key: 'null:/note', kind: 'null', pointer: '/note', describe: 'note null', gen: target.mutations[0]!.gen, edge: null });
    expect(sender.prepare(target, [{ id: 1n, name: 'a' }, ['null:/note', null]], INVALID)).toEqual({ unusable: 'the mutated body is still valid' });
  });

  it('writes broken integers digit for digit, and expects a rejection', async () => {
    const { sender, target } = await setup();
    const prepared = sender.prepare(target, [{ id: 1n, name: 'a' }, ['above-range:/id', 2n ** 63n]], INVALID);
    expect('case' in prepared && prepared.case.request.body).toBe('{"id":9223372036854775808,"name":"a"}');
    expect('case' in prepared && prepared.case.expect).toEqual({ outcome: 'rejection' });
  });

  it('moves an id the server has already accepted, and keeps the int64 text exact', async () => {
    const { sender, target, sent } = await setup(200);
    const first = sender.prepare(target, { id: 2n ** 63n - 1n, name: 'a' }, VALID);
    if (!('case' in first)) throw new Error(first.unusable);
    await sender.send(first.case);
    const second = sender.prepare(target, { id: 2n ** 63n - 1n, name: 'a' }, VALID);
    expect('case' in second && second.case.request.body).toBe('{"id":9223372036854775806,"name":"a"}');
    expect(sent.map((item) => item.request.body)).toEqual(['{"id":9223372036854775807,"name":"a"}']);
  });

  it('does not count an id as taken when the server refused the body', async () => {
    const { sender, target } = await setup(400);
    const first = sender.prepare(target, { id: 5n, name: 'a' }, VALID);
    if (!('case' in first)) throw new Error(first.unusable);
    await sender.send(first.case);
    const again = sender.prepare(target, { id: 5n, name: 'a' }, VALID);
    expect('case' in again && again.case.request.body).toBe('{"id":5,"name":"a"}');
  });
});
