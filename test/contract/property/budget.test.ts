/**
 * The generated phases' time budget over a fake clock: each operation gets
 * its own budget or its fair part of what is left of the total, each phase
 * its fair part of what its operation has left, and the budget that ran out
 * is named. No real time passes here.
 */
import { describe, expect, it } from 'vitest';
import { GeneratedBudget } from '../../../src/contract/property/budget.js';

/** A clock the test moves by hand. */
function fakeClock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('GeneratedBudget', () => {
  it('gives an operation its own budget while the total has room for it', () => {
    const clock = fakeClock();
    const budget = new GeneratedBudget({ operationMs: 10_000, generatedMs: 300_000 }, clock.now);
    const operation = budget.operation(3);
    clock.advance(9_999);
    expect(operation.expired()).toBeUndefined();
    clock.advance(1);
    expect(operation.expired()).toBe('operation');
  });

  it('shares what is left of the total fairly when it is the smaller', () => {
    const clock = fakeClock();
    const budget = new GeneratedBudget({ operationMs: 10_000, generatedMs: 60_000 }, clock.now);
    // 1,000 operations to go: 60 ms each.
    const first = budget.operation(1_000);
    clock.advance(59);
    expect(first.expired()).toBeUndefined();
    clock.advance(1);
    expect(first.expired()).toBe('generated');
    // 999 operations left with 59,940 ms: 60 ms each again.
    const second = budget.operation(999);
    clock.advance(59);
    expect(second.expired()).toBeUndefined();
    clock.advance(1);
    expect(second.expired()).toBe('generated');
  });

  it('passes time an operation leaves unused to those after it', () => {
    const clock = fakeClock();
    const budget = new GeneratedBudget({ operationMs: 10_000, generatedMs: 12_000 }, clock.now);
    const first = budget.operation(2);
    clock.advance(5_999);
    expect(first.expired()).toBeUndefined();
    clock.advance(1);
    expect(first.expired()).toBe('generated');
    // Had the first stopped at 1 s, the last would have 11 s left: its own 10 s budget is the limit, not 6 s.
    const early = new GeneratedBudget({ operationMs: 10_000, generatedMs: 12_000 }, clock.now);
    early.operation(2);
    clock.advance(1_000);
    const last = early.operation(1);
    clock.advance(9_999);
    expect(last.expired()).toBeUndefined();
    clock.advance(1);
    expect(last.expired()).toBe('operation');
  });

  it('gives nothing once the total is spent', () => {
    const clock = fakeClock();
    const budget = new GeneratedBudget({ operationMs: 10_000, generatedMs: 1_000 }, clock.now);
    clock.advance(1_500);
    expect(budget.operation(5).expired()).toBe('generated');
  });

  it('gives each phase its fair part of what the operation has left, and the rest to the next', () => {
    const clock = fakeClock();
    const operation = new GeneratedBudget({ operationMs: 9_000, generatedMs: 300_000 }, clock.now).operation(1);
    const boundary = operation.phase(3);
    clock.advance(1_000);
    // Finished early: 8,000 ms left for two phases.
    const positive = operation.phase(2);
    clock.advance(3_999);
    expect(positive.expired()).toBeUndefined();
    clock.advance(1);
    expect(positive.expired()).toBe('operation');
    expect(boundary.expired()).toBe('operation');
    const negative = operation.phase(1);
    clock.advance(3_999);
    expect(negative.expired()).toBeUndefined();
    clock.advance(1);
    expect(negative.expired()).toBe('operation');
  });

  it('records what was cut, in order', () => {
    const budget = new GeneratedBudget({ operationMs: 1, generatedMs: 1 }, fakeClock().now);
    budget.cut({ operation: 'a', phase: 'boundary', budget: 'operation', requests: 3, casesNotSent: 12 });
    budget.cut({ operation: 'b', phase: 'positive', budget: 'generated', requests: 0 });
    expect(budget.report().map((cut) => `${cut.operation}/${cut.phase}`)).toEqual(['a/boundary', 'b/positive']);
  });
});
