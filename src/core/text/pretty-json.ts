/**
 * `JSON.stringify(document, null, 2)` plus a newline, in pieces: one per
 * member of each top-level array, so a large report (a GitHub-sized run's
 * cases, Stripe's 139 MB spec diff) never exists as one string that must be
 * built, flattened and encoded whole. Byte for byte the same: the indented
 * text of a value only has newlines between tokens (string values escape
 * theirs, RFC 8259 section 7), so indenting a nested value is prefixing each
 * of its lines.
 */

/**
 * A faster way to write one member of a top-level array: its text after the
 * newline and 4-space indent (as `indented` writes it), or undefined to have
 * it written the generic way.
 */
export type MemberText = (member: unknown) => string | undefined;

/** The pretty-printed text of `document` (2 spaces, final newline) in pieces; `memberText` may write array members. */
export function* prettyJsonPieces(document: object, memberText?: MemberText): Generator<string> {
  let first = true;
  yield '{';
  for (const [key, value] of Object.entries(document)) {
    // JSON.stringify leaves such members out of an object.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    yield `${first ? '' : ','}\n  ${JSON.stringify(key)}: `;
    first = false;
    if (!Array.isArray(value) || value.length === 0) {
      yield indented(value, '\n  ');
      continue;
    }
    yield '[';
    for (let index = 0; index < value.length; index++)
      yield `${index === 0 ? '' : ','}\n    ${memberText?.(value[index]) ?? indented(value[index], '\n    ')}`;
    yield '\n  ]';
  }
  yield first ? '}\n' : '\n}\n';
}

/** `value` as JSON.stringify indents it, each line after the first starting with `newline`'s indent. */
function indented(value: unknown, newline: string): string {
  // A member JSON cannot represent is written `null` in an array (ECMA-262 SerializeJSONArray).
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return text.includes('\n') ? text.replaceAll('\n', newline) : text;
}
