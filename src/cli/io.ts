/** What the CLI may touch: injected so tests run it in-process (STYLE habit 8). */
import type { TextSink } from '../report/reporter.js';

/** Streams, environment and working directory of one CLI invocation. */
export interface CliIO {
  stdout: TextSink & { isTTY?: boolean };
  stderr: TextSink & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * Resolves when the user asks a long-running command (the mock) to stop.
   * Called only by such a command, so the others keep Node's default
   * handling of Ctrl-C and SIGTERM (the process ends at once).
   */
  waitForStop?: () => Promise<void>;
}

/** Exit codes, as documented in the README. */
export const EXIT = { ok: 0, findings: 1, error: 2 } as const;
