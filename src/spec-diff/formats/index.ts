/** The registered spec-diff formats. */
import { batched } from '../../core/text/batched.js';
import { encoded } from '../../core/text/encoded.js';
import type { SpecDiffResult } from '../diff-specs.js';
import type { DiffFormatName, DiffFormatter } from './format.js';
import { githubFormat } from './github.js';
import { jsonFormat } from './json.js';
import { markdownFormat } from './markdown.js';
import { textFormat } from './text.js';

export type { DiffFormatName, DiffFormatter } from './format.js';

/** Every diff format, by name. */
export const DIFF_FORMATS: Readonly<Record<DiffFormatName, DiffFormatter>> = {
  text: textFormat,
  json: jsonFormat,
  markdown: markdownFormat,
  github: githubFormat,
};

/**
 * The text `formatter` renders for `result`, in writes of about 1 MiB: a
 * format that makes its text in pieces (json: Stripe's report is 139 MB)
 * never builds it as one string.
 */
export function renderPieces(formatter: DiffFormatter, result: SpecDiffResult): Iterable<string> {
  return formatter.chunks ? batched(formatter.chunks(result)) : [formatter.render(result)];
}

/**
 * The same text as UTF-8 buffers of about 1 MiB, for a byte stream (the
 * CLI's stdout): the pieces are encoded where they are made, never joined.
 */
export function renderBytes(formatter: DiffFormatter, result: SpecDiffResult): Iterable<Uint8Array> {
  return formatter.chunks ? encoded(formatter.chunks(result)) : [Buffer.from(formatter.render(result))];
}
