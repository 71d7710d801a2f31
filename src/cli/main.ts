/** Process entry of the `plantkit` binary: real streams and environment into `run`. */
import { exitForSignal, type StopSignal } from './io.js';
import { run } from './run.js';

// Node 22+ warns (DEP0040) when a dependency deep in Prism's tree loads the
// built-in `punycode`; users can do nothing about it, so that one is dropped.
const emitWarning = process.emitWarning.bind(process);
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const code = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as { code?: string }).code : rest[1];
  if (code === 'DEP0040') return;
  (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
}) as typeof process.emitWarning;

/**
 * SIGINT/SIGTERM as a promise; installed only when a command (the mock, a
 * contract run) waits for it. The first signal asks the command to stop
 * cleanly (a contract run still writes its reports); a second one ends the
 * process at once.
 */
const waitForStop = () =>
  new Promise<StopSignal>((resolve) => {
    let stopping = false;
    const onSignal = (signal: StopSignal) => {
      if (stopping) process.exit(exitForSignal(signal));
      stopping = true;
      resolve(signal);
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
  });

// `plantkit contract ... | head` closes stdout early: that ends the output, quietly, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  waitForStop,
});
