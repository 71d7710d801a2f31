/**
 * When a contract run stops sending, and how fast it sends: the interrupt
 * signal (Ctrl-C, a CI cancel), the overall --max-duration budget, the
 * breaker that stops after consecutive requests got no response (a dead
 * target must not cost a timeout per case), and --rate-limit. Every request
 * of the run, static or generated, passes through {@link RunControl.acquire}.
 */

import type { CaseResult } from '../core/exchange/types.js';
import type { RunStop, StopReason } from './types.js';

/** Thrown (inside the runner only) where a request would be sent after the run stopped. */
export class RunStoppedError extends Error {
  constructor(readonly stop: RunStop) {
    super(stop.message);
    this.name = 'RunStoppedError';
  }
}

/** True for {@link RunStoppedError}. */
export function isRunStopped(error: unknown): error is RunStoppedError {
  return error instanceof RunStoppedError;
}

/** Time as the controller sees it; injected in tests. */
export interface RunClock {
  now(): number;
  /** Resolve after `ms`, or reject at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Options of {@link createRunControl}. */
export interface RunControlOptions {
  /** Aborts on Ctrl-C / SIGTERM. */
  signal: AbortSignal | undefined;
  /** Overall budget in ms; undefined for none. */
  maxDurationMs: number | undefined;
  /** Requests per second; undefined for no limit. */
  rateLimit: number | undefined;
  /** Consecutive requests without a response that stop the run; 0 never stops. */
  maxTransportFailures: number;
  clock?: RunClock;
}

/** The stop conditions and pace of one run. */
export interface RunControl {
  /** Aborts when the run stops: requests in flight end at once. */
  readonly signal: AbortSignal;
  /** The stop, once the run has stopped. */
  stopped(): RunStop | undefined;
  /** Wait for the next request's turn; throws RunStoppedError once the run has stopped. */
  acquire(): Promise<void>;
  /** Count a sent case: the breaker trips after the configured number of transport failures in a row. */
  record(result: CaseResult): void;
  /** Release timers and listeners. */
  close(): void;
}

const REAL_CLOCK: RunClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

/** Transport failures that mean "no response at all"; an oversized or undecodable body is a response. */
const NO_RESPONSE = new Set(['timeout', 'connection']);

/** A controller for one run. */
export function createRunControl(options: RunControlOptions): RunControl {
  const clock = options.clock ?? REAL_CLOCK;
  const controller = new AbortController();
  let stop: RunStop | undefined;
  let consecutive = 0;
  let nextSlot = clock.now();
  const interval = options.rateLimit === undefined ? 0 : 1000 / options.rateLimit;

  const halt = (reason: StopReason, message: string) => {
    if (stop) return;
    stop = { reason, message };
    controller.abort(new RunStoppedError(stop));
  };
  const onInterrupt = () => halt('interrupted', `interrupted${signalName(options.signal?.reason)}`);
  if (options.signal?.aborted) onInterrupt();
  options.signal?.addEventListener('abort', onInterrupt, { once: true });
  const deadline =
    options.maxDurationMs === undefined
      ? undefined
      : setTimeout(
          () => halt('max-duration', `--max-duration ${formatDuration(options.maxDurationMs!)} reached`),
          options.maxDurationMs,
        );
  deadline?.unref?.();

  return {
    signal: controller.signal,
    stopped: () => stop,
    async acquire() {
      if (stop) throw new RunStoppedError(stop);
      if (interval === 0) return;
      // Requests start at least `interval` apart (no bursts): polite to a shared staging server.
      const now = clock.now();
      const slot = Math.max(now, nextSlot);
      nextSlot = slot + interval;
      if (slot > now) {
        try {
          await clock.sleep(slot - now, controller.signal);
        } catch {
          throw new RunStoppedError(stop!);
        }
      }
    },
    record(result) {
      const failure = result.exchange.failure;
      if (result.verdict === 'skipped') return;
      if (!failure || !NO_RESPONSE.has(failure.kind)) {
        consecutive = 0;
        return;
      }
      consecutive += 1;
      if (options.maxTransportFailures > 0 && consecutive >= options.maxTransportFailures) {
        halt(
          'unresponsive',
          `${consecutive} requests in a row got no response (last: ${failure.kind}: ${failure.message})`,
        );
      }
    },
    close() {
      if (deadline) clearTimeout(deadline);
      options.signal?.removeEventListener('abort', onInterrupt);
    },
  };
}

/** ` by SIGINT` when the interrupt carried a signal name as its reason. */
function signalName(reason: unknown): string {
  return typeof reason === 'string' && /^SIG[A-Z]+$/.test(reason) ? ` by ${reason}` : '';
}

/** `90 s`, `5 min`, `1500 ms`: a budget as people write it. */
function formatDuration(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}
