/**
 * Reading values off a success answer, where a harvester says they are
 * (core/resources/producers.ts): a body field, each item of a list, the Location
 * header, another header. Numbers keep their exact JSON text (an int64 id
 * keeps its digits). Only scalars are taken: an id is a string or a number.
 */

import type { Exchange } from '../../core/exchange/types.js';
import { parseJson } from '../../core/json/exact-json.js';
import { decodePointer, encodePointer, valueAt } from '../../core/json/json-pointer.js';
import { idText } from '../../core/resources/id-text.js';
import type { Harvester, HarvestSource } from '../../core/resources/producers.js';
import { compileTemplate, templatePath } from '../../core/routing/path-template.js';

/** One value read off an answer: its text (as it goes into a path) and its JSON value. */
export interface HarvestedValue {
  text: string;
  value: unknown;
}

/** The values `harvester` finds in the exchange's answer (none unless it is a 2xx). */
export function harvestValues(harvester: Harvester, exchange: Exchange): HarvestedValue[] {
  const response = exchange.response;
  if (!response || response.status < 200 || response.status >= 300) return [];
  const { source } = harvester;
  if (source.from === 'location') return fromLocation(source, response.headers.location, exchange.url);
  if (source.from === 'header') {
    const text = response.headers[source.name.toLowerCase()]?.trim();
    return text ? [{ text, value: text }] : [];
  }
  const parsed = parseJson(response.body);
  if (!parsed.ok) return [];
  if (source.from === 'body') return scalarAt(parsed.value, source.pointer);
  const items = valueAt(parsed.value, source.itemsPointer);
  return Array.isArray(items) ? items.flatMap((_, index) => scalarAt(items, `/${index}${source.field}`)) : [];
}

/** The path parameters of the request as sent (decoded segments): the producer's own parents (`gardenId`). */
export function pathValues(operationPath: string, requestPath: string): Record<string, string> {
  const path = requestPath.split('?')[0]!;
  try {
    const segments = path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
    return compileTemplate(templatePath(operationPath)).match(segments, new URLSearchParams()) ?? {};
  } catch {
    return {};
  }
}

/** The scalar at `pointer`, with a number's exact text. */
function scalarAt(root: unknown, pointer: string): HarvestedValue[] {
  const tokens = decodePointer(pointer);
  const key = tokens.pop();
  if (key === undefined) return typeof root === 'string' && root !== '' ? [{ text: root, value: root }] : [];
  const container = valueAt(root, encodePointer(tokens));
  const value = valueAt(root, pointer);
  const text = Array.isArray(container) ? idText(container, Number(key)) : idText(container, key);
  return text === undefined || text === '' ? [] : [{ text, value }];
}

/** A Location (absolute, or relative to the request, RFC 9110 section 10.2.2) matched against the item template. */
function fromLocation(
  source: Extract<HarvestSource, { from: 'location' }>,
  location: string | undefined,
  requestUrl: string,
): HarvestedValue[] {
  if (!location) return [];
  let segments: string[];
  try {
    segments = new URL(location, requestUrl).pathname
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return [];
  }
  const template = compileTemplate(source.template);
  const tail = segments.slice(Math.max(0, segments.length - template.segments.length));
  const text = template.match(tail, new URLSearchParams())?.[source.parameter];
  return text ? [{ text, value: text }] : [];
}
