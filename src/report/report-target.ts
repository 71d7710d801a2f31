/** Where a file reporter writes: a file (`--output FILE`) or a text sink such as stdout. */
import { constants } from 'node:fs';
import { access, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PlantkitError, UsageError } from '../core/errors.js';
import { batched } from '../core/text/batched.js';
import type { TextSink } from '../core/text/text-sink.js';
import { makeParentDirectories } from './parent-directories.js';

/** A report destination. */
export type ReportTarget = { file: string } | { sink: TextSink };

/** Write a whole report; a file that cannot be written is a fault naming it. */
export async function writeReportFile(target: ReportTarget, text: string): Promise<void> {
  if ('sink' in target) {
    target.sink.write(text);
    return;
  }
  try {
    await makeParentDirectories(target.file);
    await writeFile(target.file, text);
  } catch (error) {
    throw new PlantkitError('PLANTKIT_IO', `cannot write report ${target.file}: ${(error as Error).message}`);
  }
}

/** Write a report given in pieces (core/text/pretty-json.ts), in writes of about 1 MiB; a file that cannot be written is a fault naming it. */
export async function writeReportChunks(target: ReportTarget, chunks: Iterable<string>): Promise<void> {
  if ('sink' in target) {
    for (const chunk of batched(chunks)) target.sink.write(chunk);
    return;
  }
  try {
    await makeParentDirectories(target.file);
    const file = await open(target.file, 'w');
    try {
      for (const chunk of batched(chunks)) await file.write(chunk);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new PlantkitError('PLANTKIT_IO', `cannot write report ${target.file}: ${(error as Error).message}`);
  }
}

/**
 * Write a file whole or not at all: a temporary file beside it, renamed over
 * it (rename(2) replaces atomically within a file system), so a reader never
 * sees half a document and an earlier one stays until the new one is complete.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    await makeParentDirectories(file);
    await writeFile(temporary, text);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new PlantkitError('PLANTKIT_IO', `cannot write ${file}: ${(error as Error).message}`);
  }
}

/**
 * Make sure a report file can be written, before the run sends anything: a
 * run must not end with its findings lost to an unwritable --output. The
 * missing parent directories are created (as `mkdir -p`; CI jobs write to
 * a fresh reports/ folder); a directory, or a path through a file, is a
 * usage error.
 */
export async function checkReportFile(file: string, label = file): Promise<void> {
  const problem = await reportFileProblem(file);
  if (problem)
    throw new UsageError(`${label}: ${problem}`, 'name a file in a writable directory, e.g. reports/contract.xml');
}

async function reportFileProblem(file: string): Promise<string | undefined> {
  try {
    await makeParentDirectories(file);
  } catch (error) {
    return `cannot create its directory (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) return 'is a directory';
  try {
    await access(existing ? file : path.dirname(file), constants.W_OK);
  } catch {
    return existing ? 'is not writable' : 'its directory is not writable';
  }
  return undefined;
}
