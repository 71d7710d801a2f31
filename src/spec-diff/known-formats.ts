/**
 * The formats that mean something to a client: those JSON Schema 2020-12 defines (validation section 7.3), and
 * those of the OpenAPI Format Registry (https://spec.openapis.org/registry/format/), OpenAPI's own int32, int64,
 * float, double, byte, binary and password among them. Any other format (Twilio's `phone-number` and
 * `http-method`, DigitalOcean's `boolean` on a boolean) is an annotation only: JSON Schema says validators
 * must not fail a value for a format they do not know (section 7.2), and code generators map it to the plain
 * type. So adding, removing or renaming such a format accepts and sends the same values: the diff reads it
 * as no format.
 */
const KNOWN_FORMATS = new Set([
  // JSON Schema 2020-12, validation section 7.3.
  'date-time',
  'date',
  'time',
  'duration',
  'email',
  'idn-email',
  'hostname',
  'idn-hostname',
  'ipv4',
  'ipv6',
  'uri',
  'uri-reference',
  'iri',
  'iri-reference',
  'uuid',
  'uri-template',
  'json-pointer',
  'relative-json-pointer',
  'regex',
  // The OpenAPI Format Registry.
  'base64url',
  'binary',
  'byte',
  'char',
  'commonmark',
  'date-time-local',
  'decimal',
  'decimal128',
  'double',
  'float',
  'html',
  'http-date',
  'int8',
  'int16',
  'int32',
  'int64',
  'media-range',
  'password',
  'sf-binary',
  'sf-boolean',
  'sf-decimal',
  'sf-integer',
  'sf-string',
  'sf-token',
  'time-local',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  // ajv-formats' names beyond those (core/validation/ajv.ts checks them).
  'url',
  'iso-time',
  'iso-date-time',
  'json-pointer-uri-fragment',
]);

/** `format` when it constrains or types a value (a known format), else undefined: an unknown format is an annotation. */
export function assertedFormat(format: string | undefined): string | undefined {
  return format !== undefined && KNOWN_FORMATS.has(format) ? format : undefined;
}
