/**
 * One body encoder for every case the runner sends: static cases hand it
 * exact JSON, the generated phases their values (a root number as bigint
 * or ExactText) and a fixed multipart boundary.
 */
import { expect, test } from 'vitest';
import { encodeBody, type SendableBody, valueAsSent } from '../../../src/contract/cases/request-body.js';
import { codecFor } from '../../../src/core/codec/index.js';
import { ExactText } from '../../../src/core/generate/logical-value.js';
import { parseJson } from '../../../src/core/json/exact-json.js';
import type { SchemaObject } from '../../../src/core/spec/types.js';

const sendable = (mediaType: string, schema: SchemaObject = {}): SendableBody => ({
  media: { mediaType, schema, examples: [], schemaPointer: '', encoding: {} },
  codec: codecFor(mediaType),
  validate: undefined,
  required: true,
});
const exact = (text: string): unknown => {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

test.each<[string, { given: [SendableBody, unknown, string?]; want: { text: string; contentType: string } }]>([
  [
    'exact JSON keeps its int64 digits',
    {
      given: [sendable('application/json'), exact('{"id":9223372036854775807,"name":"Fern"}')],
      want: { text: '{"id":9223372036854775807,"name":"Fern"}', contentType: 'application/json' },
    },
  ],
  [
    'a generated bigint at the root, digit for digit',
    {
      given: [sendable('application/json'), 9223372036854775807n],
      want: { text: '9223372036854775807', contentType: 'application/json' },
    },
  ],
  [
    'a generated exact text at the root of a text body',
    {
      given: [sendable('text/plain'), new ExactText('9223372036854775807.5')],
      want: { text: '9223372036854775807.5', contentType: 'text/plain; charset=utf-8' },
    },
  ],
  [
    'a form body by the form codec',
    {
      given: [sendable('application/x-www-form-urlencoded'), { name: 'Fern', tag: 'a b' }],
      want: { text: 'name=Fern&tag=a%20b', contentType: 'application/x-www-form-urlencoded' },
    },
  ],
  [
    'multipart with the boundary a generated case fixes',
    {
      given: [
        sendable('multipart/form-data', { type: 'object', properties: { name: { type: 'string' } } }),
        { name: 'Fern' },
        'b0',
      ],
      want: {
        text: '--b0\r\nContent-Disposition: form-data; name="name"\r\n\r\nFern\r\n--b0--\r\n',
        contentType: 'multipart/form-data; boundary=b0',
      },
    },
  ],
])('%s', (_name, { given, want }) => {
  expect(encodeBody(...given)).toEqual(want);
});

test('multipart without a fixed boundary draws its own', () => {
  const body = sendable('multipart/form-data', { type: 'object', properties: { name: { type: 'string' } } });
  const [first, second] = [encodeBody(body, { name: 'Fern' }), encodeBody(body, { name: 'Fern' })];
  expect(first.contentType).toMatch(/^multipart\/form-data; boundary=plantkit-[0-9a-f]{24}$/);
  expect(second.contentType).not.toBe(first.contentType);
});

test('what a server reads of a form: an empty object writes no field, so none was sent; JSON as written', () => {
  const schema: SchemaObject = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      metadata: { type: 'object', additionalProperties: { type: 'string' } },
      owner: { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } },
    },
  };
  const deep = { contentType: undefined, style: 'deepObject', explode: true, allowReserved: false };
  const form: SendableBody = {
    ...sendable('application/x-www-form-urlencoded', schema),
    media: {
      ...sendable('application/x-www-form-urlencoded', schema).media,
      encoding: { metadata: deep, owner: deep },
    },
  };
  const value = { name: 'Spring', metadata: {}, owner: { address: { city: 'Oslo' } } };
  const encoded = encodeBody(form, value);
  expect(decodeURIComponent(encoded.text)).toBe('name=Spring&owner[address][city]=Oslo');
  expect(valueAsSent(form, value, encoded)).toEqual({ name: 'Spring', owner: { address: { city: 'Oslo' } } });
  const json = sendable('application/json', schema);
  expect(valueAsSent(json, value, encodeBody(json, value))).toBe(value);
});
