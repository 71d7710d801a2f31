/**
 * A JSON document as `JSON.stringify(document, null, 2)` writes it, in
 * pieces: the document with one array left empty, then that array's items
 * one by one. A GitHub-sized run's JSON report is tens of megabytes of text
 * (its cases): written in pieces, it never exists as one string.
 */

/** The text of `head` with `items` as its last property `key`, pretty-printed with 2 spaces, plus a final newline, in pieces. */
export function* prettyJsonChunks(
  head: Record<string, unknown>,
  key: string,
  items: readonly unknown[],
): Generator<string> {
  const { [key]: _left, ...rest } = head;
  const text = JSON.stringify({ ...rest, [key]: [] }, null, 2);
  if (items.length === 0) {
    yield `${text}\n`;
    return;
  }
  // `"key": []\n}` ends the text: the items go between the brackets, each indented two levels.
  yield `${text.slice(0, -'[]\n}'.length)}[\n`;
  for (const [index, item] of items.entries())
    yield `    ${JSON.stringify(item, null, 2).replaceAll('\n', '\n    ')}${index < items.length - 1 ? ',' : ''}\n`;
  yield '  ]\n}\n';
}
