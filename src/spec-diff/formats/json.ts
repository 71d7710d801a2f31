/** Machine-readable JSON: the SpecDiffResult as it is (stable field names; see docs/spec-checks.md). */
import type { SpecDiffResult } from '../diff-specs.js';
import type { DiffFormatter } from './format.js';

/** The json format. */
export const jsonFormat: DiffFormatter = {
  name: 'json',
  render: (result) => [...jsonChunks(result)].join(''),
  chunks: jsonChunks,
};

/**
 * `JSON.stringify(document, null, 2)` plus a newline, in pieces: one per
 * change, so a large report (Stripe's is 139 MB) is never one string that
 * must be built, flattened and encoded whole. Byte for byte the same: the
 * indented text of a value only has newlines between tokens (string values
 * escape theirs, RFC 8259 section 7), so indenting a nested value is
 * prefixing each of its lines.
 */
function* jsonChunks(result: SpecDiffResult): Generator<string> {
  const { base, head, counts, changes, ignored, unusedIgnores } = result;
  const document: Record<string, unknown> = { base, head, counts, changes, ignored, unusedIgnores };
  let first = true;
  yield '{';
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue; // JSON.stringify leaves such members out.
    yield `${first ? '' : ','}\n  ${JSON.stringify(key)}: `;
    first = false;
    if (!Array.isArray(value) || value.length === 0) {
      yield indented(value, '\n  ');
      continue;
    }
    yield '[';
    for (let index = 0; index < value.length; index++)
      yield `${index === 0 ? '' : ','}\n    ${indented(value[index], '\n    ')}`;
    yield '\n  ]';
  }
  yield first ? '}\n' : '\n}\n';
}

/** `value` as JSON.stringify indents it, each line after the first starting with `newline`'s indent. */
function indented(value: unknown, newline: string): string {
  // An array member JSON cannot represent is written `null` (ECMA-262 SerializeJSONArray).
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return text.includes('\n') ? text.replaceAll('\n', newline) : text;
}
