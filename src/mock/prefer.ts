/**
 * The `Prefer` request header (RFC 7240) as Prism reads it: `code=400`,
 * `example=monstera`, `dynamic=true`. Unknown preferences are ignored, as
 * RFC 7240 section 2 requires.
 */

/** Preferences a request expressed. */
export interface Preferences {
  code?: number;
  example?: string;
  dynamic?: boolean;
}

/** Parse a Prefer header; a malformed known preference is a message for a 400. */
export function parsePrefer(
  header: string | undefined,
): { ok: true; preferences: Preferences } | { ok: false; message: string } {
  const preferences: Preferences = {};
  if (!header) return { ok: true, preferences };
  for (const part of header.split(',')) {
    const [token = '', ...rest] = part.split(';')[0]!.split('=');
    const name = token.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(value))
        return { ok: false, message: `Prefer: code=${value} is not a status code (use e.g. code=400)` };
      preferences.code = Number(value);
    } else if (name === 'example') {
      if (!value) return { ok: false, message: 'Prefer: example= needs the name of an example' };
      preferences.example = value;
    } else if (name === 'dynamic') {
      if (value !== 'true' && value !== 'false')
        return { ok: false, message: `Prefer: dynamic=${value} must be true or false` };
      preferences.dynamic = value === 'true';
    }
  }
  return { ok: true, preferences };
}
