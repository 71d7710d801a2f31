/** Reading the console report of a contract run: the lines of each failed generated case. */

/** One failed generated case as the report shows it. */
export interface FailedGenerated {
  /** Case id without the operation, e.g. `generated/boundary/name/cjk`. */
  id: string;
  /** Its lines, the FAIL line first. */
  lines: string[];
  /** The `sent:` body as JSON text (exactly as printed). */
  sent: string | undefined;
  /** The `shrunk:` line, when the failure shrank. */
  shrunk: string | undefined;
}

/** Every failed generated case in `report`. */
export function failedGenerated(report: string): FailedGenerated[] {
  const blocks: FailedGenerated[] = [];
  let current: FailedGenerated | undefined;
  for (const line of report.split('\n')) {
    const head = /^ {2}(PASS|FAIL|SKIP) {2}(\S+)/.exec(line);
    if (head) {
      current =
        head[1] === 'FAIL' && head[2]!.startsWith('generated/')
          ? { id: head[2]!, lines: [line], sent: undefined, shrunk: undefined }
          : undefined;
      if (current) blocks.push(current);
      continue;
    }
    if (!current) continue;
    current.lines.push(line);
    const field = /^ {8}(sent|shrunk): +(.*)$/.exec(line);
    if (field?.[1] === 'sent') current.sent = field[2];
    if (field?.[1] === 'shrunk') current.shrunk = field[2];
  }
  return blocks;
}

/** The `name` of a printed body (escapes decoded; ids may lose digits here, so use the text for them). */
export function sentName(sent: string | undefined): string | undefined {
  if (sent === undefined) return undefined;
  const name = (JSON.parse(sent) as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}
