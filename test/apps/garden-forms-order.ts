/**
 * The seed order of test/fixtures/rich/forms-3.0.yaml: the form the client
 * posts (application/x-www-form-urlencoded, OAS 3.0.3 section 4.7.14.5) and
 * the Order schema it gets back, as JSON or as XML following the schema's
 * xml objects (OAS 3.0.3 section 4.7.26).
 */
import { codePoints, integerValue, singleValue } from './shared/request-values.js';

/** A stored seed order. */
export interface Order {
  id: number;
  variety: string;
  packets: number;
  colours?: string[];
}

/** How faithfully to write XML: by the spec, not well-formed, or ignoring the xml objects. */
export type XmlStyle = 'spec' | 'malformed' | 'ignores-names';

/**
 * The order fields of a form body, or one line saying what is wrong. Form
 * fields are form-style and exploded by default (section 4.7.14.5), so
 * `colours` is the key repeated once per item; the others appear at most once.
 * `minPackets` lets a broken variant forget the schema's minimum.
 */
export function readSeedForm(body: Buffer, minPackets = 1): { fields: Omit<Order, 'id'> } | { error: string } {
  const form = new URLSearchParams(body.toString('utf8'));
  const variety = singleValue(form.getAll('variety'), "form field 'variety'");
  const packets = singleValue(form.getAll('packets'), "form field 'packets'");
  const organic = singleValue(form.getAll('organic'), "form field 'organic'");
  const error = variety.error ?? packets.error ?? organic.error;
  if (error) return { error };
  if (variety.value === undefined) return { error: "body must have required property 'variety'" };
  if (packets.value === undefined) return { error: "body must have required property 'packets'" };
  if (codePoints(variety.value) < 2) return { error: 'body/variety must have at least 2 characters' };
  const count = integerValue(packets.value);
  if (count === undefined) return { error: 'body/packets must be an integer' };
  if (count < minPackets || count > 12) return { error: `body/packets must be between ${minPackets} and 12` };
  if (organic.value !== undefined && organic.value !== 'true' && organic.value !== 'false')
    return { error: 'body/organic must be true or false' };
  const colours = form.getAll('colours');
  return { fields: { variety: variety.value, packets: count, ...(colours.length > 0 ? { colours } : {}) } };
}

/** The order as JSON, properties in schema order. */
export function orderJson(order: Order): string {
  return JSON.stringify({
    id: order.id,
    variety: order.variety,
    packets: order.packets,
    ...(order.colours ? { colours: order.colours } : {}),
  });
}

/** Whether XML 1.0 can carry every string of the order (its Char production, section 2.2, excludes most control characters). */
export function xmlCanCarry(order: Order): boolean {
  return [order.variety, ...(order.colours ?? [])].every(
    (text) => !/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(text),
  );
}

/**
 * The order as XML: root `order` (xml.name), `id` an attribute
 * (xml.attribute), `colours` a wrapper around one `colour` per item
 * (xml.wrapped and the items' xml.name).
 */
export function orderXml(order: Order, style: XmlStyle = 'spec'): string {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (style === 'ignores-names') {
    const colours = (order.colours ?? []).map((colour) => `<colours>${escapeText(colour)}</colours>`).join('');
    return `${declaration}<Order><id>${order.id}</id><variety>${escapeText(order.variety)}</variety><packets>${order.packets}</packets>${colours}</Order>`;
  }
  const colours = order.colours
    ? `<colours>${order.colours.map((colour) => `<colour>${escapeText(colour)}</colour>`).join('')}</colours>`
    : '';
  const close = style === 'malformed' ? '</orders>' : '</order>';
  return `${declaration}<order id="${order.id}"><variety>${escapeText(order.variety)}</variety><packets>${order.packets}</packets>${colours}${close}`;
}

/** Character data with markup escaped; CR as a reference so end-of-line handling (section 2.11) keeps it. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}
