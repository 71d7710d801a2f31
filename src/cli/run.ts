/**
 * `plantkit` as a function: `run(argv, io) -> exit code`, callable
 * in-process by tests. Faults print one line (`plantkit: error: ...`) and
 * exit 2; a stack trace only with PLANTKIT_DEBUG=1.
 */

import { isPlantkitError, UsageError } from '../core/errors.js';
import { plantkitVersion } from '../core/version.js';
import type { Command } from './commands/command.js';
import { type CliIO, EXIT } from './io.js';

/** A command as listed: its module loads only when it runs (the mock never loads undici, the runner never Prism). */
interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Command>;
}

/** Every command, in the order `--help` lists them. */
const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'mock',
    summary: 'serve a Prism-backed mock of the spec',
    load: async () => (await import('./commands/mock.js')).mockCommand,
  },
  {
    name: 'contract',
    summary: 'check a running implementation against the spec',
    load: async () => (await import('./commands/contract.js')).contractCommand,
  },
  {
    name: 'proxy',
    summary: 'validate live traffic between a client and a real server',
    load: async () => (await import('./commands/proxy.js')).proxyCommand,
  },
  {
    name: 'spec',
    summary: 'check a spec (structure, examples, schemas, lint) or diff two for breaking changes',
    load: async () => (await import('./commands/spec.js')).specCommand,
  },
  {
    name: 'report',
    summary: 'merge the JSON reports of a sharded contract run into one verdict',
    load: async () => (await import('./commands/report.js')).reportCommand,
  },
];

function usage(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return `plantkit: a mock server, contract tests and spec checks driven by one OpenAPI file

Usage: plantkit <command> [options]

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

Run 'plantkit <command> --help' for a command's options.
Exit codes: 0 success, 1 findings (failed cases, spec problems, breaking changes,
            contract violations a proxy saw),
            2 usage, spec, contracts or target error,
            130/143 a contract run stopped by Ctrl-C (SIGINT) / SIGTERM, reports written.`;
}

/** Run the CLI with `argv` (without `node` and the script path). */
export async function run(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  try {
    if (name === 'help' && rest[0] !== undefined) return await run([...rest, '--help'], io);
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      io.stdout.write(`${usage()}\n`);
      return name === undefined ? EXIT.error : EXIT.ok;
    }
    if (name === '--version' || name === '-v') {
      io.stdout.write(`${plantkitVersion()}\n`);
      return EXIT.ok;
    }
    const entry = COMMANDS.find((candidate) => candidate.name === name);
    if (!entry)
      throw new UsageError(
        `unknown command '${name}'`,
        `commands: ${COMMANDS.map((candidate) => candidate.name).join(', ')}`,
      );
    return await (await entry.load()).run(rest, io);
  } catch (error) {
    return reportFault(error, io);
  }
}

/** One line for a fault; internal errors say so and how to get the stack. */
function reportFault(error: unknown, io: CliIO): number {
  if (isPlantkitError(error)) {
    io.stderr.write(`plantkit: error: ${faultText(error.message)}${error.hint ? ` (${faultText(error.hint)})` : ''}\n`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(
      `plantkit: internal error: ${faultText(message)} (a bug in plantkit; rerun with PLANTKIT_DEBUG=1 for the stack trace)\n`,
    );
  }
  if (io.env.PLANTKIT_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
  return EXIT.error;
}

/** Longest message or hint printed: a fault is one readable line, whatever input it quotes. */
const MAX_FAULT_TEXT = 400;

/** One line of printable text: control characters escaped, cut at {@link MAX_FAULT_TEXT} characters. */
function faultText(text: string): string {
  const printable = text.replace(
    /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/gu,
    (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
  const characters = [...printable];
  return characters.length > MAX_FAULT_TEXT ? `${characters.slice(0, MAX_FAULT_TEXT - 1).join('')}…` : printable;
}
