/** Where a file reporter writes: a file (`--output FILE`) or a text sink such as stdout. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PlantkitError } from '../errors.js';
import type { TextSink } from './reporter.js';

/** A report destination. */
export type ReportTarget = { file: string } | { sink: TextSink };

/** Write a whole report; a file that cannot be written is a fault naming it. */
export async function writeReportFile(target: ReportTarget, text: string): Promise<void> {
  if ('sink' in target) {
    target.sink.write(text);
    return;
  }
  try {
    await mkdir(path.dirname(target.file), { recursive: true });
    await writeFile(target.file, text);
  } catch (error) {
    throw new PlantkitError('PLANTKIT_IO', `cannot write report ${target.file}: ${(error as Error).message}`);
  }
}
