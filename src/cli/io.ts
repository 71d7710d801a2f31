/** What the CLI may touch: injected so tests run it in-process (STYLE habit 8). */
import type { TextSink } from '../core/text/text-sink.js';

/** Streams, environment and working directory of one CLI invocation. */
export interface CliIO {
  stdout: TextSink & { isTTY?: boolean };
  stderr: TextSink & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * Resolves, with the signal's name when there is one, when the user asks a
   * long-running command (the mock, a contract run) to stop. Called only by
   * such a command, so the others keep Node's default handling of Ctrl-C and
   * SIGTERM (the process ends at once).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: tests resolve it with a bare resolve(), a Promise<void>
  waitForStop?: () => Promise<StopSignal | void>;
}

/** Signals that ask plantkit to stop. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** Exit codes, as documented in docs/reference.md: 130 and 143 are the shell's 128 + signal number for a stopped run. */
export const EXIT = { ok: 0, findings: 1, error: 2, interrupted: 130, terminated: 143 } as const;

/** The exit code of a run stopped by `signal`. */
export function exitForSignal(signal: StopSignal): number {
  return signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
}
