/** Header fields as one text per name, the form request checks, judges and matchers read. */

/**
 * One value per name: repeated fields joined with `, ` (RFC 9110 section
 * 5.3; Set-Cookie, which must stay apart, is not read through this). Names
 * are kept as given: node:http's `IncomingMessage.headers` and undici's
 * response headers are lower-case already, and the mock's hot path does not
 * lower-case them again.
 */
export function flattenHeaders(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string> {
  const flat: Record<string, string> = {};
  // Keys, not entries: every request passes here, and entries allocate a pair per header.
  for (const name of Object.keys(headers)) {
    const value = headers[name];
    if (value !== undefined) flat[name] = typeof value === 'string' ? value : value.join(', ');
  }
  return flat;
}
