/**
 * Coverage per operation: which operations got at least one success over
 * the whole run (static, generated and stateful requests, shrinking and
 * producer steps included), and for each that never did, why: no request
 * was sent (skipped, not selected, not run), every request named an item
 * the run had made up (no producer in the spec, or none that answered), the
 * server refused every request, or gave no usable answer. A success is a
 * 2xx; for an operation that documents no 2xx, a documented 1xx or 3xx (a
 * `301` is all a moved endpoint can say). An operation that never succeeded
 * is reported for a person to read: it is neither a pass nor a failure.
 */

import type { CaseResult } from '../core/exchange/types.js';
import type { ProducerMap } from '../core/resources/producers.js';
import type { Operation } from '../core/spec/types.js';
import type { CoverageGap, CoverageReport, OperationCoverage } from './coverage-report.js';

/** What is known of one operation while the run goes. */
interface Tally {
  requests: number;
  successes: number;
  statuses: Map<string, number>;
  /** Requests that named a live resource (or needed none). */
  live: number;
  skip: string | undefined;
  notRun: boolean;
}

/** Counts what each operation got, as results come. */
export class CoverageTracker {
  private readonly tallies = new Map<string, Tally>();

  constructor(
    private readonly operations: readonly Operation[],
    private readonly producers: ProducerMap,
  ) {}

  /** Take in one result: an exchange sent (any phase, any step), or a case skipped or not run. */
  observe(result: CaseResult): void {
    const { case: sent, exchange } = result;
    const tally = this.tally(sent.operation.id);
    if (result.verdict === 'skipped' && !exchange.response && !exchange.failure) {
      if (result.notRun) tally.notRun = true;
      else tally.skip ??= sent.skip;
      return;
    }
    const outcome = exchange.response ? String(exchange.response.status) : (exchange.failure?.kind ?? 'no answer');
    tally.requests += 1;
    tally.statuses.set(outcome, (tally.statuses.get(outcome) ?? 0) + 1);
    if (exchange.response && isSuccess(sent.operation, exchange.response.status)) tally.successes += 1;
    const named = sent.operation.parameters.some((parameter) => parameter.in === 'path');
    if (!named || sent.resource === 'live') tally.live += 1;
  }

  /** The report, operations in spec order. */
  report(): CoverageReport {
    const byOperation = this.operations.map((operation) => this.coverageOf(operation));
    return {
      operations: byOperation.filter((item) => item.gap !== 'not-selected').length,
      reached: byOperation.filter((item) => item.reached).length,
      byOperation,
    };
  }

  private coverageOf(operation: Operation): OperationCoverage {
    const tally = this.tally(operation.id);
    const statuses = Object.fromEntries([...tally.statuses.entries()].sort(([a], [b]) => a.localeCompare(b)));
    const base = { operation: operation.id, method: operation.method, path: operation.path, requests: tally.requests };
    if (tally.successes > 0) return { ...base, reached: true, statuses };
    const answers = describe(tally.statuses);
    const [gap, reason] = ((): [CoverageGap, string] => {
      if (tally.requests === 0 && !tally.notRun && tally.skip === undefined)
        return ['not-selected', 'no case was selected (--only/--skip)'];
      if (tally.requests === 0)
        return ['not-sent', tally.notRun ? 'not run: the run stopped first' : `every case was skipped (${tally.skip})`];
      if (tally.live === 0) return ['made-up-only', `${this.madeUp(operation)}; answers: ${answers}`];
      if (![...tally.statuses.keys()].some((key) => /^\d+$/.test(key)))
        return ['no-response', `no request got a usable answer (${answers})`];
      return ['refused', `every request was refused (${answers})`];
    })();
    return { ...base, reached: false, statuses, gap, reason };
  }

  /** Why every request named a made-up item. */
  private madeUp(operation: Operation): string {
    const missing = this.producers.unproduced(operation.id).map((parameter) => parameter.name);
    if (missing.length > 0) return `no producer found for ${missing.join(', ')}: every request used a made-up value`;
    const producers = this.producers.dependencies(operation.id);
    return `every request used a made-up id: ${producers.join(', ')} never answered one`;
  }

  private tally(operationId: string): Tally {
    let tally = this.tallies.get(operationId);
    if (!tally)
      this.tallies.set(
        operationId,
        (tally = { requests: 0, successes: 0, statuses: new Map(), live: 0, skip: undefined, notRun: false }),
      );
    return tally;
  }
}

/** A 2xx; where the operation documents none, a documented 1xx or 3xx. */
function isSuccess(operation: Operation, status: number): boolean {
  if (status >= 200 && status < 300) return true;
  const documented = operation.responses.map((response) => response.status);
  if (documented.some((key) => /^2/.test(key))) return false;
  return status < 400 && documented.some((key) => key === String(status) || key === `${String(status)[0]}XX`);
}

/** `404 ×3, 422 ×1`. */
function describe(statuses: ReadonlyMap<string, number>): string {
  return [...statuses.entries()]
    .sort(([, a], [, b]) => b - a)
    .map(([status, count]) => `${status} ×${count}`)
    .join(', ');
}
