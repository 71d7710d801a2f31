/**
 * The generated phases' time budget: each operation gets at most
 * --operation-budget, and all of them together at most --generated-budget.
 * Time is shared out as it goes: an operation starting gets its own budget,
 * or its fair part of what is left of the total (left / operations to go)
 * when that is smaller, and within an operation each phase gets its fair
 * part of what the operation has left, so time one finishes early passes to
 * the next. A large spec thus gets some of every phase for every operation,
 * not all of them for its first hundred. The budget is checked before each
 * case (a started phase sends at least one), never while a failure shrinks,
 * and what it cut is recorded, each boundary case left out by its id. Each
 * phase's values come from its own seeded stream (unique-ids.ts, seeds.ts):
 * a cut ends that stream early and moves no value of any other.
 */
import type { BudgetCut, GeneratedPhase } from '../../core/exchange/types.js';

/** The two budgets, in ms. */
export interface BudgetLimits {
  operationMs: number;
  generatedMs: number;
}

/** Which budget ran out. */
export type BudgetKind = BudgetCut['budget'];

/** The clock of one phase of one operation: expired once its share is spent. */
export interface PhaseClock {
  /** The budget that ran out, once this phase's share is spent; undefined while time is left. */
  expired(): BudgetKind | undefined;
}

/** The run-wide budget of the generated phases. */
export class GeneratedBudget {
  private readonly started: number;
  private readonly cuts: BudgetCut[] = [];

  constructor(
    readonly limits: BudgetLimits,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
  }

  /** The budget of the operation about to start, with `operationsLeft` operations (this one included) still to go. */
  operation(operationsLeft: number): OperationBudget {
    const start = this.now();
    const left = this.limits.generatedMs - (start - this.started);
    const fair = left / Math.max(1, operationsLeft);
    const kind: BudgetKind = fair < this.limits.operationMs ? 'generated' : 'operation';
    return new OperationBudget(start + Math.max(0, Math.min(this.limits.operationMs, fair)), kind, this.now);
  }

  /** Record what a budget cut. */
  cut(cut: BudgetCut): void {
    this.cuts.push(cut);
  }

  /** Everything cut so far, in run order. */
  report(): BudgetCut[] {
    return [...this.cuts];
  }
}

/** One operation's share of the budget. */
export class OperationBudget {
  constructor(
    private readonly deadline: number,
    private readonly kind: BudgetKind,
    private readonly now: () => number,
  ) {}

  /** The budget that ran out, once the operation's share is spent. */
  expired(): BudgetKind | undefined {
    return this.now() >= this.deadline ? this.kind : undefined;
  }

  /** The clock of the phase about to start, with `phasesLeft` phases (this one included) still to go. */
  phase(phasesLeft: number): PhaseClock {
    const start = this.now();
    const deadline = Math.min(this.deadline, start + (this.deadline - start) / Math.max(1, phasesLeft));
    return { expired: () => (this.now() >= deadline ? this.kind : undefined) };
  }
}

/** A cut of `phase` of `operation`, for the report. */
export function budgetCut(
  operation: string,
  phase: GeneratedPhase,
  budget: BudgetKind,
  requests: number,
  notSent?: readonly string[],
): BudgetCut {
  return {
    operation,
    phase,
    budget,
    requests,
    ...(notSent === undefined ? {} : { casesNotSent: notSent.length, notSent: [...notSent] }),
  };
}
