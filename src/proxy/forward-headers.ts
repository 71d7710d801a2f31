/**
 * Which headers travel through the proxy. Everything is passed on as
 * received except what belongs to one connection and not to the message
 * (RFC 9110 section 7.6.1): Connection and the headers it names,
 * Keep-Alive, Proxy-Connection, TE, Transfer-Encoding, Upgrade. Host names
 * the upstream on the way in (section 7.2), and Expect is answered by the
 * proxy itself (Node sends 100 Continue; section 10.1.1). Repeated headers
 * stay repeated (Set-Cookie must, RFC 6265 section 3).
 */

/** Headers as node:http's `headersDistinct` and undici give them. */
type Headers = Record<string, string | string[] | undefined>;

/** Hop-by-hop headers, by lower-case name. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'transfer-encoding', 'upgrade', 'trailer']);

/** The client's headers as the upstream gets them. */
export function upstreamRequestHeaders(headers: Headers): Record<string, string | string[]> {
  return forwardable(headers, ['host', 'expect']);
}

/** The upstream's headers as the client gets them. */
export function clientResponseHeaders(headers: Headers): Record<string, string | string[]> {
  return forwardable(headers, []);
}

function forwardable(headers: Headers, dropped: readonly string[]): Record<string, string | string[]> {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || dropped.includes(lower) || named.includes(lower)) continue;
    kept[lower] = Array.isArray(value) && value.length === 1 ? value[0]! : value;
  }
  return kept;
}
