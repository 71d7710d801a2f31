/** Every codec reads back what it wrote, typed by the schema: the runner's bodies are what the mock and proxy see. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { codecFor } from '../../../src/core/codec/index.js';
import { parseMediaType } from '../../../src/core/http/media-type.js';
import type { SchemaObject } from '../../../src/core/spec/types.js';

const PET: SchemaObject = {
  type: 'object',
  required: ['id', 'name'],
  properties: {
    id: { type: 'integer', xml: { attribute: true } },
    name: { type: 'string' },
    weight: { type: 'number' },
    indoor: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string', xml: { name: 'tag' } }, xml: { wrapped: true } },
  },
  xml: { name: 'pet' },
};

const pet = fc.record(
  {
    id: fc.integer({ min: -1e6, max: 1e6 }),
    name: fc
      .string({ minLength: 1, maxLength: 10 })
      .filter((text) => text.trim() === text && !/[\u0000-\u001f\u007f-\u009f\ud800-\udfff\ufffe\uffff]/.test(text)),
    weight: fc
      .double({ min: -1e3, max: 1e3, noNaN: true, noDefaultInfinity: true })
      .filter((value) => !Object.is(value, -0)),
    indoor: fc.boolean(),
    tags: fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { minLength: 1, maxLength: 3 }),
  },
  { requiredKeys: ['id', 'name'] },
);

async function roundTrip(mediaType: string, schema: SchemaObject, value: unknown): Promise<unknown> {
  const context = { mediaType: parseMediaType(mediaType)!, schema, encoding: {} };
  const codec = codecFor(mediaType);
  const encoded = codec.encode(value, context);
  const decoded = await codec.decode(encoded.body, { ...context, mediaType: parseMediaType(encoded.contentType)! });
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.value;
}

describe('codecs round-trip', () => {
  test.each([
    'application/json',
    'application/vnd.api+json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/xml',
    'text/xml',
  ])('%s', async (mediaType) => {
    await fc.assert(
      fc.asyncProperty(pet, async (value) => {
        expect(await roundTrip(mediaType, PET, value)).toEqual(value);
      }),
    );
  });

  test('text/plain with an integer schema reads a number', async () => {
    expect(await roundTrip('text/plain', { type: 'integer' }, 42)).toBe(42);
    expect(await roundTrip('text/plain', { type: 'string' }, '42')).toBe('42');
  });

  test.each([
    ['an array', { type: 'array', items: { type: 'object' } }, [{ code: 'AMS' }]],
    ['an object', { type: 'object' }, { code: 'AMS', name: 'Schiphol' }],
    ['an object or null', { type: ['object', 'null'] }, { code: 'AMS' }],
  ])(
    'text/plain with %s schema is written and read as JSON text (transavia.com in the real-world loop)',
    async (_name, schema, value) => {
      expect(await roundTrip('text/plain', schema, value)).toEqual(value);
    },
  );

  test('binary bodies keep every byte', async () => {
    const bytes = Buffer.from([0, 255, 10, 13, 128]);
    const codec = codecFor('image/png');
    const context = {
      mediaType: parseMediaType('image/png')!,
      schema: { type: 'string', format: 'binary' },
      encoding: {},
    };
    const decoded = await codec.decode(bytes, context);
    expect(decoded).toEqual({ ok: true, value: bytes.toString('latin1'), validatable: true });
    expect(codec.encode(decoded.ok ? decoded.value : '', context).body).toEqual(bytes);
  });
});

describe('issue 10 item 1: JSON media types always carry JSON text', () => {
  test.each([
    ['a plain string example', 'hello', '"hello"'],
    ['a string that looks like JSON', '{}', '"{}"'],
    ['a number', 3, '3'],
  ])('%s', (_name, value, want) => {
    for (const mediaType of ['application/json', 'application/problem+json', 'application/json; charset=utf-8']) {
      expect(
        codecFor(mediaType)
          .encode(value, { mediaType: parseMediaType(mediaType)!, schema: undefined, encoding: {} })
          .body.toString(),
      ).toBe(want);
    }
  });
});

describe('bad bodies are explained, never thrown', () => {
  test.each([
    ['application/json', '{"a":', /JSON/],
    ['application/json', '', /empty/],
    ['application/xml', '<pet><name>x</pet>', /not well-formed XML/],
    ['multipart/form-data', 'no boundary here', /boundary/],
    [
      'multipart/form-data; boundary=abc',
      '--abc\r\nContent-Disposition: form-data; name="id"\r\n\r\n1',
      /malformed|Unexpected end/,
    ],
  ])('%s %j', async (mediaType, body, message) => {
    const decoded = await codecFor(mediaType).decode(Buffer.from(body), {
      mediaType: parseMediaType(mediaType)!,
      schema: PET,
      encoding: {},
    });
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.message).toMatch(message);
  });
});
