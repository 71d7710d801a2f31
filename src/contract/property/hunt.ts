/**
 * One property over the network: fast-check generates (or is given) values,
 * each is sent and checked, and a failure is shrunk by sending smaller
 * values until none fails any more. Shrinking keeps the failure's signature
 * (signature.ts: check, status or status class, pointer): a smaller value
 * that fails another way (a 500 while shrinking a 422) does not count, so a
 * bug is never traded for a lesser one. Failures whose signature is already
 * `known` pass over, so a later hunt with the same seed finds the next
 * distinct failure (distinct-hunts.ts). Shrinking runs in two passes over the
 * same values: shapes and lengths first (characters fixed), then characters,
 * so a bounded budget is spent on what matters most. The smallest failing
 * exchange is kept as it was sent (ids may have moved, so re-sending the
 * counterexample could differ). A request identical to one already sent in
 * the hunt is not sent again: its verdict is reused. The shrinking budget
 * counts requests, not time, so a replay with the same seed sends the same
 * requests; the time budget (budget.ts) may end the search sooner, between
 * two values, and says so, but never a shrink under way.
 */

import type { CaseResult } from '../../core/exchange/types.js';
import { assume, checkProperty } from '../../core/generate/fast-check.js';
import { isRunStopped } from '../run-control.js';
import { failingSignatures } from '../signature.js';
import type { BudgetKind } from './budget.js';
import type { Prepared } from './sender.js';
import type { ShrinkPair } from './target.js';

/** What the property phase does with one value: prepare it (checked on the wire), then send it. */
export interface Attempt<T> {
  prepare(value: T): Prepared | Promise<Prepared>;
  send(prepared: Extract<Prepared, { case: unknown }>): Promise<CaseResult>;
}

/** Options of {@link hunt}. */
export interface HuntOptions<T> {
  seed: number;
  numRuns: number;
  /** Values tried first (the boundary phase's edge). */
  examples?: T[];
  /** Requests allowed for shrinking once a failure is found. */
  maxShrinks: number;
  /** The time budget: which budget ran out, once no more requests may be sent. */
  expired?: () => BudgetKind | undefined;
  /** Called after each request, for live progress. */
  onRequest?: (requests: number, shrinking: boolean) => void;
  /** Failure signatures reported already: a value failing only these passes over. */
  known?: ReadonlySet<string>;
  /** Results of the values and requests tried so far, shared by hunts over the same values: a value is sent once. */
  tried?: Tried;
}

/** What hunts have sent: results by value and by request. */
export interface Tried {
  byValue: Map<string, CaseResult>;
  byRequest: Map<string, CaseResult>;
}

/** What a hunt found. */
export interface HuntResult {
  /** The signature of the failure the hunt shrank (the first new one its first failing value showed). */
  signature: string | undefined;
  /** The first failing exchange, as found. */
  first: CaseResult | undefined;
  /** The smallest failing exchange: the last one that failed while shrinking. */
  smallest: CaseResult | undefined;
  /** A passing exchange (the last one), when some passed. */
  passed: CaseResult | undefined;
  /** An exchange that got no usable response (timeout, dropped connection, oversized body): the hunt stopped there. */
  transport: CaseResult | undefined;
  /** Requests sent, shrinking included. */
  requests: number;
  /** Shrinking steps that kept the failure. */
  shrinks: number;
  /** Why values were discarded, when all were (or fast-check gave up). */
  unusable: string | undefined;
  /** Set when the time budget ended the hunt before fast-check did. */
  cut: BudgetKind | undefined;
  /** The run stopped (Ctrl-C, --max-duration) during the hunt. */
  runStopped: boolean;
}

/** Run the property; faults (target unreachable) are rethrown after fast-check has finished. */
export function hunt<T>(gens: ShrinkPair<T>, attempt: Attempt<T>, options: HuntOptions<T>): Promise<HuntResult> {
  return new Hunt(attempt, options).run(gens);
}

/** One hunt's state: what it found, what it tried, and whether it must stop. */
class Hunt<T> {
  readonly found: HuntResult = {
    signature: undefined,
    first: undefined,
    smallest: undefined,
    passed: undefined,
    transport: undefined,
    requests: 0,
    shrinks: 0,
    unusable: undefined,
    cut: undefined,
    runStopped: false,
  };
  private fault: unknown;
  private stopped = false;
  private shrinkRequests = 0;
  private readonly tried: Tried;
  private readonly known: ReadonlySet<string>;

  constructor(
    private readonly attempt: Attempt<T>,
    private readonly options: HuntOptions<T>,
  ) {
    this.tried = options.tried ?? { byValue: new Map(), byRequest: new Map() };
    this.known = options.known ?? new Set<string>();
  }

  /** fast-check over the structural generator, then one more pass over the full one from its counterexample. */
  async run(gens: ShrinkPair<T>): Promise<HuntResult> {
    const { found, options } = this;
    const predicate = (value: T) => this.predicate(value);
    const run = { seed: options.seed, numRuns: options.numRuns };
    const shapes = await checkProperty(gens.structural, predicate, {
      ...run,
      ...(options.examples ? { examples: options.examples } : {}),
    });
    if (
      shapes.counterexample !== undefined &&
      !this.stopped &&
      !found.cut &&
      this.shrinkRequests < options.maxShrinks &&
      gens.full !== gens.structural
    ) {
      // Starts with the first pass's counterexample, a known request: no request is sent for it.
      await checkProperty(gens.full, predicate, { ...run, numRuns: 1, examples: [shapes.counterexample] });
    }
    if (this.fault !== undefined) throw this.fault;
    if (shapes.gaveUp && !found.first)
      found.unusable = `${shapes.gaveUp}${found.unusable ? ` (last reason: ${found.unusable})` : ''}`;
    else if (found.requests > 0) found.unusable = undefined;
    return found;
  }

  /** True when the value passes this hunt: no failure, or only failures reported already, or not the one being shrunk. */
  private judge(result: CaseResult): boolean {
    const { found } = this;
    if (result.verdict !== 'failed') {
      found.passed = result;
      return true;
    }
    if (result.exchange.failure) {
      // Shrinking a timeout would cost a timeout per step: report it as found and stop.
      found.transport = result;
      this.stopped = true;
      return true;
    }
    const signatures = signaturesOf(result);
    if (found.signature === undefined) {
      const fresh = signatures.find((signature) => !this.known.has(signature));
      if (fresh === undefined) return true;
      found.signature = fresh;
      found.first = result;
      found.smallest = result;
      return false;
    }
    if (!signatures.includes(found.signature)) return true;
    found.shrinks += 1;
    found.smallest = result;
    return false;
  }

  /** fast-check's property: the value's request, sent once (a value or request met before is judged by its result). */
  private async predicate(value: T): Promise<boolean> {
    const { found, options, tried } = this;
    // Once stopped or out of budget, every value "passes" without a request: fast-check then ends quickly.
    if (this.stopped || found.cut || (found.first && this.shrinkRequests >= options.maxShrinks)) return true;
    const valueKey = keyOfValue(value);
    const again = tried.byValue.get(valueKey);
    if (again) return this.judge(again);
    // Out of time: nothing more is sent (a started hunt has sent at least one request, see budget.ts). The clock is
    // read between the seeded values only: a failure found is shrunk in full (--max-shrinks), so its verdict and its
    // smallest request are the same however fast the server answers.
    if (found.requests > 0 && !found.first) found.cut = options.expired?.();
    if (found.cut) return true;
    const prepared = await this.attempt.prepare(value);
    if ('unusable' in prepared) found.unusable = prepared.unusable;
    assume(!('unusable' in prepared));
    if ('unusable' in prepared) return true;
    const { request } = prepared.case;
    const key = `${request.method} ${request.path}\n${JSON.stringify(request.headers)}\n${request.body ?? ''}`;
    const same = tried.byRequest.get(key);
    if (same) {
      tried.byValue.set(valueKey, same);
      return this.judge(same);
    }
    const result = await this.send(prepared);
    if (!result) return true;
    tried.byRequest.set(key, result);
    tried.byValue.set(valueKey, result);
    // An exchange the runner cannot judge (an upgrade): every other value would get the same, so the hunt ends.
    if (result.verdict === 'skipped') this.stopped = true;
    return this.judge(result);
  }

  /** Send a prepared value and count it; undefined when the run stopped or a fault ended the hunt. */
  private async send(prepared: Parameters<Attempt<T>['send']>[0]): Promise<CaseResult | undefined> {
    const { found } = this;
    let result: CaseResult;
    try {
      result = await this.attempt.send(prepared);
    } catch (error) {
      // The run stopped (Ctrl-C, --max-duration): keep what was found so far and end quietly.
      if (!isRunStopped(error)) this.fault = error;
      else found.runStopped = true;
      this.stopped = true;
      return undefined;
    }
    found.requests += 1;
    if (found.first) this.shrinkRequests += 1;
    this.options.onRequest?.(found.requests, found.first !== undefined);
    return result;
  }
}

/** The result's failure signatures; a failed result without an error finding (none today) fails as one. */
function signaturesOf(result: CaseResult): string[] {
  const keys = failingSignatures(result).map((signature) => signature.key);
  return keys.length > 0 ? keys : [`${result.case.operation.id} failed`];
}

/** A generated value as text, to know it again when a later hunt generates it (bigints kept apart from numbers). */
function keyOfValue(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item)) ?? 'undefined';
}
