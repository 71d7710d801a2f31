/** Media types (RFC 9110 section 8.3.1) as the spec and the wire write them. */

/** A parsed Content-Type: essence `type/subtype` (lower case) and its parameters. */
export interface MediaType {
  essence: string;
  parameters: Record<string, string>;
}

/**
 * Parsed media types by header value: a proxy or a run meets the same few
 * Content-Types thousands of times. Bounded, and each caller gets its own
 * copy of the parameters.
 */
const parsed = new Map<string, MediaType | undefined>();
const MAX_PARSED = 512;

/** Parse a Content-Type header value; undefined when it is not `type/subtype`. */
export function parseMediaType(header: string | undefined): MediaType | undefined {
  const known = parsedOnce(header);
  return known && { essence: known.essence, parameters: { ...known.parameters } };
}

/** The shared parse of `header` (never handed out: callers get copies). */
function parsedOnce(header: string | undefined): MediaType | undefined {
  if (!header) return undefined;
  if (!parsed.has(header)) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(header, parse(header));
  }
  return parsed.get(header);
}

function parse(header: string): MediaType | undefined {
  const [essencePart = '', ...parameterParts] = header.split(';');
  const essence = essencePart.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+*-]+$/.test(essence) && essence !== '*/*') return undefined;
  const parameters: Record<string, string> = {};
  for (const part of parameterParts) {
    const [name = '', ...value] = part.split('=');
    if (name.trim())
      parameters[name.trim().toLowerCase()] = value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return { essence, parameters };
}

/** JSON and any `+json` structured syntax suffix (RFC 6839). */
export function isJsonMediaType(essence: string): boolean {
  return essence === 'application/json' || essence.endsWith('+json') || essence === '*/*';
}

/**
 * The documented media type (a key of an OpenAPI `content` map) that covers
 * `essence`: an exact match first, then `type/*`, then `*\/*` (OAS 4.8.14).
 */
export function matchMediaType(essence: string, documented: readonly string[]): string | undefined {
  return bestFor(documented, essence, itself);
}

/**
 * The entry of an OpenAPI `content` list whose media type covers `essence`, as {@link matchMediaType}
 * picks it, without a list of its keys or a closure: every request with a body asks.
 */
export function matchMediaContent<T extends { mediaType: string }>(
  essence: string,
  content: readonly T[],
): T | undefined {
  return bestFor(content, essence, mediaTypeOf);
}

const itself = (key: string): string => key;
const mediaTypeOf = (entry: { mediaType: string }): string => entry.mediaType;

/** The item whose key covers `essence`: an exact match first, then `type/*`, then `*\/*`. */
function bestFor<T>(items: readonly T[], essence: string, keyOf: (item: T) => string): T | undefined {
  const exact = lastFor(items, essence, keyOf);
  if (exact !== undefined) return exact;
  const type = essence.slice(0, essence.indexOf('/'));
  return lastFor(items, `${type}/*`, keyOf) ?? lastFor(items, '*/*', keyOf);
}

/** The essence of a documented key; only the essence is read, with no copy of its parameters. */
function essenceOf(key: string): string {
  return parsedOnce(key)?.essence ?? key.toLowerCase();
}

// The last key wins where two name the same essence (`application/json` and `application/json; charset=utf-8`).
function lastFor<T>(items: readonly T[], wanted: string, keyOf: (item: T) => string): T | undefined {
  for (let index = items.length - 1; index >= 0; index -= 1)
    if (essenceOf(keyOf(items[index]!)) === wanted) return items[index];
  return undefined;
}
