/** The Cookie request header (RFC 6265 section 5.4): `a=1; b=2`, values optionally quoted. */

/** Every cookie as a name/value pair, in order (a name may repeat). */
export function parseCookieHeader(header: string | undefined): Array<[string, string]> {
  if (!header) return [];
  const pairs: Array<[string, string]> = [];
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    const value = part
      .slice(index + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    pairs.push([name, safeDecode(value)]);
  }
  return pairs;
}

/**
 * `name=value` for a Cookie header; the value percent-encoded where RFC
 * 6265's cookie-octet does not allow it, and `%` itself, so that reading it
 * back (percent-decoding, as servers do) gives the value again.
 */
export function formatCookie(name: string, value: string): string {
  return `${name}=${value.replace(/[^\x21\x23\x24\x26-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]/g, (character) => encodeURIComponent(character))}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
