/** The registered spec-diff formats. */
import type { DiffFormatter, DiffFormatName } from './format.js';
import { githubFormat } from './github.js';
import { jsonFormat } from './json.js';
import { markdownFormat } from './markdown.js';
import { textFormat } from './text.js';

export type { DiffFormatter, DiffFormatName } from './format.js';

/** Every diff format, by name. */
export const DIFF_FORMATS: Readonly<Record<DiffFormatName, DiffFormatter>> = {
  text: textFormat,
  json: jsonFormat,
  markdown: markdownFormat,
  github: githubFormat,
};
