/**
 * The deprecation lifecycle of an operation or parameter: `deprecated: true`
 * (OAS 3.1.0 sections 4.8.10.1 and 4.8.12.1) announces a removal, and the
 * optional `x-sunset` extension (the date of the Sunset header, RFC 8594)
 * says from when. Removing something is:
 * - `unannounced` when it was not deprecated: breaking;
 * - `before-sunset` when deprecated with an `x-sunset` date still in the future
 *   (compared in UTC, from the start of that day): breaking;
 * - `planned` when deprecated with no `x-sunset`, or once the date has come: info.
 * An `x-sunset` that is not an RFC 3339 date or date-time cannot show that the
 * date has come, so it counts as `before-sunset` (and the message says why).
 */
import { valueAt } from '../core/json/json-pointer.js';

/** How a removal relates to the lifecycle. */
export interface Removal {
  verdict: 'unannounced' | 'before-sunset' | 'planned';
  /** The `x-sunset` value as written, when there is one. */
  sunset: string | undefined;
  /** Words for the message: `deprecated, sunset 2025-01-01`. */
  note: string;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2}))?$/;

/** What removing the node at `pointer` of `document` means at time `now`. */
export function removalOf(document: unknown, pointer: string, now: Date): Removal {
  const node = (valueAt(document, pointer) ?? {}) as { deprecated?: unknown; 'x-sunset'?: unknown };
  const raw = node['x-sunset'];
  const sunset = raw instanceof Date ? raw.toISOString() : typeof raw === 'string' ? raw : undefined;
  if (node.deprecated !== true) return { verdict: 'unannounced', sunset, note: 'it was not deprecated first' };
  if (sunset === undefined) return { verdict: 'planned', sunset, note: 'deprecated, no x-sunset date' };
  const time = RFC3339.test(sunset) ? Date.parse(sunset.length === 10 ? `${sunset}T00:00:00Z` : sunset) : Number.NaN;
  if (Number.isNaN(time))
    return {
      verdict: 'before-sunset',
      sunset,
      note: `deprecated, but its x-sunset '${sunset}' is not an RFC 3339 date, so it cannot show the date has come`,
    };
  return now.getTime() < time
    ? { verdict: 'before-sunset', sunset, note: `deprecated, but its x-sunset date ${sunset} has not come` }
    : { verdict: 'planned', sunset, note: `deprecated, x-sunset ${sunset} has passed` };
}
