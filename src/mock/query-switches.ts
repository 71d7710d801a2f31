/**
 * Prism's query-string switches (`__code=404`, `__example=fern`,
 * `__dynamic=true`): the same preferences as the `Prefer` header, for
 * clients that cannot set headers (a browser address bar, an <img> tag).
 * They are removed from the query before the request is checked, so an
 * operation that forbids unknown parameters does not refuse them.
 */
import { decodeQueryText } from '../core/params/query-string.js';
import { type Preferences, parsePrefer } from './prefer.js';

const SWITCHES = ['__code', '__example', '__dynamic'];

/** The preferences a query's switches set, and the query without them. */
export interface QuerySwitches {
  preferences: Preferences;
  search: string;
}

/** The preferences in the query and the query without them; a malformed switch is a message for a 400. */
export function readQuerySwitches(search: string): ({ ok: true } & QuerySwitches) | { ok: false; message: string } {
  if (!search.includes('__')) return { ok: true, preferences: {}, search };
  const kept: string[] = [];
  const asPrefer: string[] = [];
  for (const part of search.split('&')) {
    const [name = '', ...rest] = part.split('=');
    if (SWITCHES.includes(name)) asPrefer.push(`${name.slice(2)}=${decodeQueryText(rest.join('='))}`);
    else kept.push(part);
  }
  const parsed = parsePrefer(asPrefer.join(', '));
  if (!parsed.ok) return { ok: false, message: parsed.message.replace(/^Prefer: (\w+)=/, '__$1=') };
  return { ok: true, preferences: parsed.preferences, search: kept.join('&') };
}
