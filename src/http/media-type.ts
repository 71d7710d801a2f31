/** Media types (RFC 9110 section 8.3.1) as the spec and the wire write them. */

/** A parsed Content-Type: essence `type/subtype` (lower case) and its parameters. */
export interface MediaType {
  essence: string;
  parameters: Record<string, string>;
}

/** Parse a Content-Type header value; undefined when it is not `type/subtype`. */
export function parseMediaType(header: string | undefined): MediaType | undefined {
  if (!header) return undefined;
  const [essencePart = '', ...parameterParts] = header.split(';');
  const essence = essencePart.trim().toLowerCase();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+*-]+$/.test(essence) && essence !== '*/*') return undefined;
  const parameters: Record<string, string> = {};
  for (const part of parameterParts) {
    const [name = '', ...value] = part.split('=');
    if (name.trim()) parameters[name.trim().toLowerCase()] = value.join('=').trim().replace(/^"(.*)"$/, '$1');
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
  const byEssence = new Map(documented.map((key) => [parseMediaType(key)?.essence ?? key.toLowerCase(), key]));
  const [type] = essence.split('/');
  return byEssence.get(essence) ?? byEssence.get(`${type}/*`) ?? byEssence.get('*/*');
}
