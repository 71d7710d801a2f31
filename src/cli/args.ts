/** Flag parsing on node:util parseArgs, with plantkit's own one-line messages for bad input. */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from '../core/errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The report flags, as parseArgs takes them: each --output belongs to the --reporter before it. */
export const REPORTER_FLAGS = {
  reporter: { type: 'string', multiple: true },
  output: { type: 'string', multiple: true },
} as const;

/** `-h, --help`, which every command takes. */
export const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

/** Parsed flags and positionals, plus the flags in command-line order (to pair --reporter with --output). */
export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  tokens: Array<{ kind: string; name?: string; value?: string }>;
}

/** Parse `argv` for `command`; unknown flags and missing values become UsageErrors. */
export function parseCommandArgs(command: string, argv: string[], options: Options, maxPositionals = 0): ParsedArgs {
  let parsed: ParsedArgs;
  try {
    parsed = parseArgs({
      args: attachNegativeNumbers(argv, options),
      options,
      strict: true,
      allowPositionals: true,
      allowNegative: true,
      tokens: true,
    } as ParseArgsConfig) as ParsedArgs;
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '([^']+)'/.exec(message)?.[1];
    const hint = `run 'plantkit ${command} --help' for the options`;
    if (unknown) throw new UsageError(`unknown option ${unknown}`, hint);
    const missing = /Option '([^']+?)(?: <value>)?' argument missing/.exec(message)?.[1];
    if (missing) throw new UsageError(`option ${missing.replace(/^-\w, /, '')} needs a value`, hint);
    throw new UsageError(message.split('\n')[0] ?? message, hint);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(
      `unexpected argument '${parsed.positionals[maxPositionals]}'`,
      `run 'plantkit ${command} --help' for the usage`,
    );
  }
  return parsed;
}

/**
 * `--port -1` as `--port=-1`: parseArgs refuses a value that starts with a
 * dash ("argument is ambiguous"), so a negative number would never reach the
 * flag's own range check and its clear message.
 */
function attachNegativeNumbers(argv: string[], options: Options): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--') return [...out, ...argv.slice(index)];
    const next = argv[index + 1];
    const name = argument.startsWith('--') ? argument.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${argument}=${next}`);
      index += 1;
    } else {
      out.push(argument);
    }
  }
  return out;
}

/** An integer flag value, or a UsageError naming the flag. */
export function integerFlag(name: string, value: unknown, fallback: number, minimum = 1): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < minimum)
    throw new UsageError(`--${name} must be an integer >= ${minimum}, got '${String(value)}'`);
  return number;
}

/** Units --max-duration accepts, in milliseconds. */
const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** A duration flag (`90s`, `5m`, `1500ms`; a bare number is seconds) in milliseconds; undefined when absent. */
export function durationFlag(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(String(value).trim());
  const ms = match ? Math.round(Number(match[1]) * DURATION_UNITS[match[2] ?? 's']!) : NaN;
  if (!(ms > 0)) throw new UsageError(`--${name} must be a duration such as 90s, 5m or 1500ms, got '${String(value)}'`);
  return ms;
}

/** A rate flag (`10/s`, `30/m`; a bare number is per second) in requests per second; undefined when absent. */
export function rateFlag(name: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(s|sec|m|min))?$/.exec(String(value).trim());
  const perSecond = match ? Number(match[1]) / (match[2]?.startsWith('m') ? 60 : 1) : NaN;
  if (!(perSecond > 0)) throw new UsageError(`--${name} must be a rate such as 10/s or 30/m, got '${String(value)}'`);
  return perSecond;
}
