/**
 * Which headers travel through the proxy. Everything is passed on as
 * received except what belongs to one connection and not to the message
 * (RFC 9110 section 7.6.1): Connection and the headers it names,
 * Keep-Alive, Proxy-Connection, TE, Transfer-Encoding, Upgrade. Host names
 * the upstream on the way in (section 7.2), and Expect is answered by the
 * proxy itself (Node sends 100 Continue; section 10.1.1). Request header
 * lines keep their case and order; repeated headers stay repeated
 * (Set-Cookie must, RFC 6265 section 3).
 */

/** Headers as undici gives them. */
type Headers = Record<string, string | string[] | undefined>;

/** Hop-by-hop headers, by lower-case name. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'transfer-encoding',
  'upgrade',
  'trailer',
]);

/** Headers dropped on the way in besides the hop-by-hop ones. */
const REQUEST_ONLY = new Set(['host', 'expect']);

/**
 * The client's header lines as the upstream gets them: node:http's
 * `rawHeaders` (`[name, value, name, value, ...]`), names in their case and
 * lines in their order, which undici sends as they are.
 */
export function upstreamRequestHeaders(rawHeaders: readonly string[]): string[] {
  const named = new Set<string>();
  for (let index = 0; index < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toLowerCase() !== 'connection') continue;
    for (const name of rawHeaders[index + 1]!.split(',')) if (name.trim()) named.add(name.trim().toLowerCase());
  }
  const kept: string[] = [];
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const lower = rawHeaders[index]!.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !REQUEST_ONLY.has(lower) && !named.has(lower))
      kept.push(rawHeaders[index]!, rawHeaders[index + 1]!);
  }
  return kept;
}

/** The upstream's headers (as undici gives them, lower-case names) as the client gets them. */
export function clientResponseHeaders(headers: Headers): Record<string, string | string[]> {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    kept[name] = Array.isArray(value) && value.length === 1 ? value[0]! : value;
  }
  return kept;
}
