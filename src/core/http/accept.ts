/**
 * Content negotiation (RFC 9110 section 12.5.1, Accept): which documented
 * media type to serve a client, and which Accept header to send for an
 * operation. Documented wildcards (`*\/*`, `application/*`, OAS 4.8.14)
 * match any compatible request and are served as the concrete type the
 * client asked for.
 */
import { parseMediaType } from './media-type.js';

/** One media range of an Accept header. */
interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): MediaRange[] {
  return header
    .split(',')
    .map((part) => {
      const [range = '', ...parameters] = part.split(';');
      const [type = '', subtype = ''] = range.trim().toLowerCase().split('/');
      const qText = parameters
        .map((parameter) => parameter.trim())
        .find((parameter) => parameter.toLowerCase().startsWith('q='))
        ?.slice(2);
      const q = qText === undefined ? 1 : Number(qText);
      return { type, subtype, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 };
    })
    .filter((range) => range.type !== '' && range.subtype !== '');
}

/** Does range `a` (type, subtype, either may be `*`) cover `b`? */
function covers(a: { type: string; subtype: string }, b: { type: string; subtype: string }): boolean {
  return (
    (a.type === '*' || b.type === '*' || a.type === b.type) &&
    (a.subtype === '*' ||
      b.subtype === '*' ||
      a.subtype === b.subtype ||
      (a.type === b.type && suffixMatch(a.subtype, b.subtype)))
  );
}

/** `application/problem+json` is acceptable to a client asking for `application/json` (RFC 6839 structured syntax suffixes). */
function suffixMatch(asked: string, documented: string): boolean {
  return documented.endsWith(`+${asked}`);
}

function split(mediaType: string): { type: string; subtype: string } {
  const [type = '', subtype = ''] = (parseMediaType(mediaType)?.essence ?? mediaType.toLowerCase()).split('/');
  return { type, subtype };
}

/**
 * The media type to serve: the documented one the client prefers (highest
 * q, the most specific range deciding a type's q, spec order breaking ties),
 * made concrete when the documented key is a wildcard. Undefined when none
 * is acceptable (406). Without an Accept header, the first documented one.
 */
export function negotiate(accept: string | undefined, documented: readonly string[]): string | undefined {
  if (documented.length === 0) return undefined;
  // A spec key that is no media type (`xls`, seen in published specs) is served to anyone, as written.
  if (documented.every((key) => parseMediaType(key) === undefined)) return documented[0];
  const parsed = accept === undefined ? [] : parseAccept(accept);
  const ranges = parsed.length === 0 ? [{ type: '*', subtype: '*', q: 1 }] : parsed;
  let best: { key: string; q: number; range: MediaRange } | undefined;
  for (const key of documented) {
    const target = split(key);
    const matching = ranges.filter((range) => covers(range, target)).sort((a, b) => specificity(b) - specificity(a));
    const range = matching[0];
    if (!range || range.q <= 0) continue;
    if (!best || range.q > best.q) best = { key, q: range.q, range };
  }
  if (!best) return undefined;
  const chosen = split(best.key);
  if (chosen.type !== '*' && chosen.subtype !== '*') return best.key;
  // A wildcard in the spec: serve what the client asked for, JSON when it asked for anything.
  const concrete = ranges
    .filter((range) => range.q > 0 && range.type !== '*' && range.subtype !== '*' && covers(chosen, range))
    .sort((a, b) => b.q - a.q)[0];
  if (concrete) return `${concrete.type}/${concrete.subtype}`;
  return chosen.type === '*' || chosen.type === 'application' ? 'application/json' : `${chosen.type}/plain`;
}

function specificity(range: MediaRange): number {
  return (range.type === '*' ? 0 : 2) + (range.subtype === '*' ? 0 : 1);
}

/** An Accept header asking for exactly what an operation documents (the runner sends this), `*\/*` when nothing is documented. */
export function acceptFor(documented: readonly string[]): string {
  const unique = [
    ...new Set(
      documented
        .map((mediaType) => parseMediaType(mediaType)?.essence)
        .filter((essence): essence is string => essence !== undefined),
    ),
  ];
  return unique.length === 0 ? '*/*' : unique.join(', ');
}
