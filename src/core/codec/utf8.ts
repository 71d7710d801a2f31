/** Strict UTF-8 (RFC 3629): text bodies that are not UTF-8 are reported, never silently mangled. */

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The text of `bytes`, or undefined when they are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
