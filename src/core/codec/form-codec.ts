/**
 * `application/x-www-form-urlencoded` (WHATWG URL, application/x-www-form-urlencoded;
 * OAS 4.8.14.4 "Support for x-www-form-urlencoded Request Bodies"): fields are
 * typed by the body schema's properties, so a numeric field that breaks
 * `minimum` is refused like a JSON one. Fields the schema does not declare
 * are kept as text, so `additionalProperties: false` still applies.
 */
import { decodeParameters } from '../params/decode.js';
import { encodeParameter } from '../params/encode.js';
import { decodeQueryText, rawPairs } from '../params/query-string.js';
import { valueShape } from '../params/text-value.js';
import type { OperationParameter, PropertyEncoding } from '../spec/types.js';
import { formFields } from './form-fields.js';
import type { MediaCodec } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** The urlencoded form codec. */
export const formCodec: MediaCodec = {
  name: 'form',
  handles: (essence) => essence === 'application/x-www-form-urlencoded',
  decode(body, context) {
    const text = decodeUtf8(body);
    if (text === undefined) return { ok: false, message: 'form body is not valid UTF-8' };
    const fields = formFields(context.schema, context.encoding);
    const { values, problems } = decodeParameters(fields, { path: {}, search: text.trim(), headers: {} });
    if (problems.length > 0)
      return {
        ok: false,
        message: problems.map((problem) => `form field '${problem.name}' ${problem.message}`).join('; '),
      };
    const unencoded = reservedUnencoded(text.trim(), fields, context.encoding);
    if (unencoded.length > 0) return { ok: false, message: unencoded.join('; ') };
    const value = values.query;
    const known = new Set(fields.map((field) => field.name));
    for (const pair of rawPairs(text.trim())) {
      const owned = known.has(pair.name) || [...known].some((name) => pair.name.startsWith(`${name}[`));
      if (!owned && !(pair.name in value)) value[pair.name] = decodeQueryText(pair.value);
    }
    return { ok: true, value, validatable: true };
  },
  encode(value, context) {
    const fields = formFields(context.schema, context.encoding);
    const record =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    const pairs: string[] = [];
    for (const [name, item] of Object.entries(record)) {
      const field = fields.find((candidate) => candidate.name === name) ?? {
        ...formFields({ properties: { [name]: {} } }, {})[0]!,
        name,
      };
      const encoded = encodeParameter(field, item);
      if (encoded.in === 'query') pairs.push(...encoded.pairs);
    }
    return { body: Buffer.from(pairs.join('&')), contentType: 'application/x-www-form-urlencoded' };
  },
};

/**
 * Reserved characters (RFC 3986 section 2.2) a field holds without percent-encoding where its Encoding Object
 * does not allow them (OAS 3.0.3 section 4.7.15, `allowReserved`, default false), as Prism refuses them. Only
 * fields with an Encoding Object are held to it; `+` is a space here and `,` the delimiter of a non-exploded
 * array or object, so neither counts.
 */
function reservedUnencoded(
  text: string,
  fields: readonly OperationParameter[],
  encoding: Record<string, PropertyEncoding>,
): string[] {
  const problems: string[] = [];
  for (const pair of rawPairs(text)) {
    const field = fields.find((candidate) => candidate.name === pair.name);
    const own = field && encoding[field.name];
    if (!field || !own || own.allowReserved) continue;
    const delimited = !field.explode && valueShape(field.schema) !== 'primitive';
    const found = [...new Set(pair.value.match(delimited ? /[:/?#[\]@!$'()*;=]/g : /[:/?#[\]@!$'()*,;=]/g) ?? [])];
    if (found.length > 0)
      problems.push(
        `form field '${field.name}' holds reserved characters without percent-encoding (${found.join('')}); its Encoding Object does not set allowReserved`,
      );
  }
  return problems;
}
