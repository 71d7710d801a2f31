/** Hunting and shrinking over a fake server: budget, request cache, transport failures, faults. */
import { describe, expect, it } from 'vitest';
import { huntDistinct } from '../../../src/contract/property/distinct-hunts.js';
import { type Attempt, hunt } from '../../../src/contract/property/hunt.js';
import type { CaseResult, ContractCase } from '../../../src/core/exchange/types.js';
import { stringGen } from '../../../src/core/generate/strings.js';
import type { Operation } from '../../../src/core/spec/types.js';

const OPERATION = { id: 'op', method: 'POST', path: '/x', responses: [] } as unknown as Operation;
const GENS = { structural: stringGen({}, true), full: stringGen({}) };

/** A fake server: `fails(text)` decides; `failure` makes it answer with a transport failure instead. */
function server(fails: (text: string) => boolean, failure?: 'timeout' | Error) {
  const bodies: string[] = [];
  const attempt: Attempt<string> = {
    prepare: (text) => ({
      case: {
        id: 'op/generated/x',
        kind: 'generated',
        operation: OPERATION,
        title: 'x',
        request: { method: 'POST', path: '/x', headers: {}, body: JSON.stringify(text) },
        expect: { outcome: 'success' },
      } as ContractCase,
    }),
    send: async (prepared) => {
      bodies.push(prepared.case.request.body!);
      if (failure instanceof Error) throw failure;
      const bad = fails(JSON.parse(prepared.case.request.body!) as string);
      const exchange = {
        case: prepared.case,
        url: 'http://x/x',
        durationMs: 0,
        ...(bad && failure ? { failure: { kind: failure, message: 'slow' } } : {}),
      };
      return { case: prepared.case, exchange, findings: [], verdict: bad ? 'failed' : 'passed' } as CaseResult;
    },
  };
  return { attempt, bodies };
}

const longer = (limit: number) => (text: string) => [...text].length > limit;

describe('hunt', () => {
  it('shrinks a failing example to its smallest failing value', async () => {
    const { attempt } = server(longer(64));
    const found = await hunt(GENS, attempt, { seed: 1, numRuns: 1, examples: ['🌵'.repeat(128)], maxShrinks: 500 });
    const smallest = [...(JSON.parse(found.smallest!.case.request.body!) as string)];
    expect(smallest.length).toBe(65);
    // Length first; then characters shrink towards the first of their class (🌵 U+1F335 to 🌀 U+1F300) while the budget lasts.
    expect(smallest[0]).toBe('🌀');
    expect(found.first!.case.request.body).toBe(JSON.stringify('🌵'.repeat(128)));
    expect(found.shrinks).toBeGreaterThan(0);
  });

  it.each([0, 10, 60])('spends at most --max-shrinks %i requests after the first failure', async (maxShrinks) => {
    const { attempt, bodies } = server(longer(64));
    const found = await hunt(GENS, attempt, { seed: 1, numRuns: 1, examples: ['b'.repeat(300)], maxShrinks });
    expect(bodies.length).toBeLessThanOrEqual(1 + maxShrinks);
    if (maxShrinks === 0) expect(found.smallest).toBe(found.first);
  });

  it('never sends the same request twice', async () => {
    const { attempt, bodies } = server(longer(10));
    await hunt(GENS, attempt, { seed: 3, numRuns: 100, maxShrinks: 500 });
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it('finds nothing where nothing fails, and reports the last passing exchange', async () => {
    const { attempt, bodies } = server(() => false);
    const found = await hunt(GENS, attempt, { seed: 3, numRuns: 50, maxShrinks: 500 });
    expect(found.smallest).toBeUndefined();
    expect(found.passed).toBeDefined();
    expect(found.requests).toBe(bodies.length);
  });

  it('stops at the first transport failure without shrinking it', async () => {
    const { attempt, bodies } = server(longer(5), 'timeout');
    const found = await hunt(GENS, attempt, { seed: 3, numRuns: 100, maxShrinks: 500 });
    expect(found.transport?.exchange.failure?.kind).toBe('timeout');
    expect(found.smallest).toBeUndefined();
    expect(longer(5)(JSON.parse(bodies.at(-1)!) as string)).toBe(true);
  });

  it('rethrows a fault (the target went away) after fast-check has finished', async () => {
    const { attempt } = server(() => false, new Error('unreachable'));
    await expect(hunt(GENS, attempt, { seed: 3, numRuns: 10, maxShrinks: 5 })).rejects.toThrow('unreachable');
  });
});

/**
 * A fake server with two bugs: 500 for a string of 8 characters or more,
 * else 422 for one holding a digit. Each answer carries the finding the real
 * checks would give, so failures have signatures (signature.ts).
 */
function twoBugs() {
  const bodies: string[] = [];
  const attempt: Attempt<string> = {
    prepare: server(() => false).attempt.prepare,
    send: async (prepared) => {
      bodies.push(prepared.case.request.body!);
      const text = JSON.parse(prepared.case.request.body!) as string;
      const status = [...text].length >= 8 ? 500 : /\d/.test(text) ? 422 : 200;
      const check = status === 500 ? 'server-error' : 'outcome';
      const exchange = {
        case: prepared.case,
        url: 'http://x/x',
        durationMs: 0,
        response: { status, headers: {}, body: '', truncated: false, invalidUtf8: false },
      };
      const findings =
        status === 200
          ? []
          : [{ check, severity: 'error', class: 'failure', operation: 'op', pointer: '', message: String(status) }];
      return { case: prepared.case, exchange, findings, verdict: status === 200 ? 'passed' : 'failed' } as CaseResult;
    },
  };
  return { attempt, bodies };
}

const statusOf = (result: CaseResult | undefined) => result?.exchange.response?.status;

describe('hunts keep the failure they started from', () => {
  it('shrinking a 422 never trades it for a 500: a smaller value failing another way does not count', async () => {
    const { attempt } = twoBugs();
    // Eight characters with a digit: 500 first. Shrinking keeps the 500 as it goes down to 8 characters.
    const serverError = await hunt(GENS, attempt, { seed: 1, numRuns: 1, examples: ['abcdefg1x'], maxShrinks: 500 });
    expect(serverError.signature).toBe('op server-error 500');
    expect(statusOf(serverError.smallest)).toBe(500);
    expect([...(JSON.parse(serverError.smallest!.case.request.body!) as string)]).toHaveLength(8);
    // A digit in a short string: 422; shrinking keeps a digit and never grows to 8 characters.
    const refused = await hunt(GENS, attempt, { seed: 1, numRuns: 1, examples: ['ab3'], maxShrinks: 500 });
    expect(refused.signature).toBe('op outcome 4xx');
    expect(statusOf(refused.smallest)).toBe(422);
    expect(JSON.parse(refused.smallest!.case.request.body!)).toMatch(/^\d$/);
  });

  it('a value failing only with a known signature passes over', async () => {
    const { attempt } = twoBugs();
    const found = await hunt(GENS, attempt, {
      seed: 1,
      numRuns: 1,
      examples: ['abcdefg1x'],
      maxShrinks: 500,
      known: new Set(['op server-error 500']),
    });
    expect(found.signature).toBeUndefined();
    expect(found.smallest).toBeUndefined();
  });

  it('huntDistinct finds both bugs with one seed, each shrunk on its own, values sent once', async () => {
    const { attempt, bodies } = twoBugs();
    const hunts = await huntDistinct(GENS, attempt, { seed: 5, numRuns: 200, maxShrinks: 200 });
    expect(hunts.map((found) => found.signature).sort()).toEqual(['op outcome 4xx', 'op server-error 500']);
    for (const found of hunts)
      expect(statusOf(found.smallest)).toBe(found.signature === 'op server-error 500' ? 500 : 422);
    expect(new Set(bodies).size).toBe(bodies.length);
  });
});
