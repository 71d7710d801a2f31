/** Process entry of the `plantkit` binary: real streams and environment into `run`. */
import { run } from './run.js';

const stop = new Promise<void>((resolve) => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
});

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  stopSignal: stop,
});
