/** ANSI colours for terminals; identity functions when colour is off (not a TTY, or NO_COLOR set). */

/** Text styling functions. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
}

/** Styles for `enabled` colour output. */
export function createStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39) };
}

/** Colour only on a TTY and never with NO_COLOR (https://no-color.org). */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  return Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.TERM !== 'dumb';
}
