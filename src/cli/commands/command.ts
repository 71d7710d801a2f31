/** A CLI command: a name, its help and a run function over injected I/O. */
import type { CliIO } from '../io.js';

/** One `plantkit <name>` command. */
export interface Command {
  name: string;
  help: string;
  /** Run with the arguments after the command name; resolves to the exit code. */
  run(argv: string[], io: CliIO): Promise<number>;
}
