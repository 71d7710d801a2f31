/** Run the CLI in-process and capture what it prints. */
import { run } from '../../src/cli/run.js';

/** Exit code and output of one CLI invocation. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** `plantkit ...argv` with `env`, in-process. */
export async function runCli(
  argv: string[],
  env: Record<string, string | undefined> = {},
  cwd = process.cwd(),
): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    cwd,
  });
  return { code, stdout, stderr };
}
