/** JSON Pointers (RFC 6901): the way every finding says "where". */

/** Escape one reference token (RFC 6901 section 3: `~` -> `~0`, `/` -> `~1`). */
function escapeToken(token: string | number): string {
  const text = String(token);
  // Most tokens (property names, indexes) hold neither character: no pattern to run over them.
  return text.includes('~') || text.includes('/') ? text.replace(/~/g, '~0').replace(/\//g, '~1') : text;
}

/** Build a pointer from tokens: `['paths', '/plants']` -> `/paths/~1plants`. */
export function encodePointer(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((token) => `/${escapeToken(token)}`).join('');
}

/** Split a pointer (with or without a leading `#`) into unescaped tokens. */
export function decodePointer(pointer: string): string[] {
  // The URI fragment form (`#/a%20b`) is percent-encoded as well (RFC 6901 section 6).
  const isFragment = pointer.startsWith('#');
  const body = isFragment ? pointer.slice(1) : pointer;
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((token) => (isFragment ? decodeURIComponent(token) : token).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Append tokens to an existing pointer. */
export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  return base + encodePointer(tokens);
}

/** The value at `pointer` inside `root`, or undefined. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of decodePointer(pointer)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}
