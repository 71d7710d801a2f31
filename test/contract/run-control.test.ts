/** The run controller on its own: a fake clock for the rate limit, recorded results for the breaker. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createRunControl, isRunStopped, type RunClock } from '../../src/contract/run-control.js';
import type { CaseResult } from '../../src/core/exchange/types.js';

/** A clock that only moves when the controller sleeps; every sleep is recorded. */
function fakeClock(): RunClock & { sleeps: number[] } {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

/** A sent case's result: answered, or with a transport failure of `kind`. */
const sent = (kind?: 'timeout' | 'connection' | 'too-large' | 'encoding') =>
  ({
    verdict: kind ? 'failed' : 'passed',
    exchange: kind ? { failure: { kind, message: `${kind} happened` } } : { response: { status: 200 } },
  }) as unknown as CaseResult;

const base = { signal: undefined, maxDurationMs: undefined, rateLimit: undefined, maxTransportFailures: 3 };

afterEach(() => {
  vi.useRealTimers();
});

describe('--rate-limit', () => {
  test.each([
    ['10/s: 100 ms apart, no burst', 10, [100, 100, 100]],
    ['0.5/s (30/m): 2 s apart', 0.5, [2000, 2000, 2000]],
  ])('%s', async (_name, rateLimit, sleeps) => {
    const clock = fakeClock();
    const control = createRunControl({ ...base, rateLimit, clock });
    for (let request = 0; request < 4; request += 1) await control.acquire();
    expect(clock.sleeps).toEqual(sleeps);
  });

  test('no limit: no waiting', async () => {
    const clock = fakeClock();
    const control = createRunControl({ ...base, clock });
    for (let request = 0; request < 4; request += 1) await control.acquire();
    expect(clock.sleeps).toEqual([]);
  });
});

describe('the breaker: consecutive requests without a response stop the run', () => {
  test.each([
    ['3 timeouts in a row', ['timeout', 'timeout', 'timeout'], 'unresponsive'],
    ['refused connections count too', ['connection', 'timeout', 'connection'], 'unresponsive'],
    ['an answer in between resets the count', ['timeout', 'timeout', undefined, 'timeout', 'timeout'], undefined],
    [
      'an oversized or undecodable body is an answer',
      ['timeout', 'too-large', 'encoding', 'timeout', 'timeout'],
      undefined,
    ],
  ] as const)('%s', (_name, outcomes, reason) => {
    const control = createRunControl(base);
    for (const outcome of outcomes) control.record(sent(outcome));
    expect(control.stopped()?.reason).toBe(reason);
  });

  test('the stop says why, aborts requests in flight and refuses new ones', async () => {
    const control = createRunControl(base);
    for (let count = 0; count < 3; count += 1) control.record(sent('timeout'));
    expect(control.stopped()).toEqual({
      reason: 'unresponsive',
      message: '3 requests in a row got no response (last: timeout: timeout happened)',
    });
    expect(control.signal.aborted).toBe(true);
    await expect(control.acquire()).rejects.toSatisfy(isRunStopped);
  });

  test('0 never stops', () => {
    const control = createRunControl({ ...base, maxTransportFailures: 0 });
    for (let count = 0; count < 10; count += 1) control.record(sent('timeout'));
    expect(control.stopped()).toBeUndefined();
  });
});

describe('interrupts and --max-duration', () => {
  test('an aborted signal stops the run, naming the signal', async () => {
    const interrupt = new AbortController();
    const control = createRunControl({ ...base, signal: interrupt.signal });
    expect(control.stopped()).toBeUndefined();
    interrupt.abort('SIGTERM');
    expect(control.stopped()).toEqual({ reason: 'interrupted', message: 'interrupted by SIGTERM' });
    await expect(control.acquire()).rejects.toSatisfy(isRunStopped);
  });

  test('a request waiting for its rate-limit turn is released by the stop', async () => {
    const interrupt = new AbortController();
    const control = createRunControl({ ...base, signal: interrupt.signal, rateLimit: 0.001 });
    await control.acquire();
    const waiting = control.acquire();
    interrupt.abort('SIGINT');
    await expect(waiting).rejects.toSatisfy(isRunStopped);
  });

  test('the budget running out stops the run', () => {
    vi.useFakeTimers();
    const control = createRunControl({ ...base, maxDurationMs: 90_000 });
    vi.advanceTimersByTime(89_999);
    expect(control.stopped()).toBeUndefined();
    vi.advanceTimersByTime(1);
    expect(control.stopped()).toEqual({ reason: 'max-duration', message: '--max-duration 90 s reached' });
    control.close();
  });
});
