/** Parameters written by the runner (encode.ts) read back the same by the mock and proxy (decode.ts), for every style. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeParameters, type RawParameters } from '../../../src/core/params/decode.js';
import { encodeParameter } from '../../../src/core/params/encode.js';
import type { OperationParameter, ParameterLocation, SchemaObject } from '../../../src/core/spec/types.js';

const STYLES: Record<ParameterLocation, string[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
};

function parameter(
  location: ParameterLocation,
  style: string,
  explode: boolean,
  schema: SchemaObject,
  name = 'p',
): OperationParameter {
  return {
    name,
    in: location,
    pointer: '',
    required: true,
    schema,
    examples: [],
    style,
    explode,
    allowReserved: false,
    mediaType: undefined,
    deprecated: false,
  };
}

/** What a request carrying the encoded parameter looks like to the router and the decoder. */
function onTheWire(param: OperationParameter, value: unknown): RawParameters {
  const encoded = encodeParameter(param, value);
  const raw: RawParameters = { path: {}, search: '', headers: {} };
  if (encoded.in === 'path') raw.path[param.name] = decodeURIComponent(encoded.text);
  if (encoded.in === 'query') raw.search = ['other=1', ...encoded.pairs].join('&');
  if (encoded.in === 'header') raw.headers[encoded.name.toLowerCase()] = encoded.value;
  if (encoded.in === 'cookie') raw.headers.cookie = ['session=x', ...encoded.cookies].join('; ');
  return raw;
}

function readBack(param: OperationParameter, value: unknown): unknown {
  const { values, problems } = decodeParameters([param], onTheWire(param, value));
  expect(problems).toEqual([]);
  return values[param.in][param.in === 'header' ? param.name.toLowerCase() : param.name];
}

// Delimiters of the path and header styles cannot appear inside values (OAS 4.8.12.4 leaves them ambiguous).
const safeText = fc
  .string({ minLength: 1, maxLength: 12 })
  .filter((text) => !/[,.;=]/.test(text) && text.trim() === text);
const anyText = fc.string({ minLength: 1, maxLength: 12 });
const integer = fc.integer({ min: -1e9, max: 1e9 });

describe('primitives, arrays and objects survive encode -> decode', () => {
  const cases: Array<[ParameterLocation, string, boolean]> = [];
  for (const [location, styles] of Object.entries(STYLES) as Array<[ParameterLocation, string[]]>) {
    for (const style of styles) for (const explode of [false, true]) cases.push([location, style, explode]);
  }

  test.each(
    cases.filter(([, style]) => style !== 'deepObject' && style !== 'spaceDelimited' && style !== 'pipeDelimited'),
  )('%s %s explode=%s: primitives', (location, style, explode) => {
    const text = location === 'query' ? anyText : safeText;
    fc.assert(
      fc.property(
        fc.oneof(
          text.map((value) => ['string', value] as const),
          integer.map((value) => ['integer', value] as const),
          fc.boolean().map((value) => ['boolean', value] as const),
        ),
        ([type, value]) => {
          expect(readBack(parameter(location, style, explode, { type }), value)).toEqual(value);
        },
      ),
    );
  });

  test.each(cases.filter(([, style]) => style !== 'deepObject'))(
    '%s %s explode=%s: arrays of integers and strings',
    (location, style, explode) => {
      const text =
        location === 'query' && style === 'form' && explode ? anyText : safeText.filter((value) => !/[ |]/.test(value));
      fc.assert(
        fc.property(
          fc.array(integer, { minLength: 1, maxLength: 4 }),
          fc.array(text, { minLength: 1, maxLength: 4 }),
          (numbers, strings) => {
            expect(
              readBack(parameter(location, style, explode, { type: 'array', items: { type: 'integer' } }), numbers),
            ).toEqual(numbers);
            expect(
              readBack(parameter(location, style, explode, { type: 'array', items: { type: 'string' } }), strings),
            ).toEqual(strings);
          },
        ),
      );
    },
  );

  test.each(cases.filter(([, style]) => style !== 'spaceDelimited' && style !== 'pipeDelimited'))(
    '%s %s explode=%s: objects',
    (location, style, explode) => {
      const schema = {
        type: 'object',
        properties: { limit: { type: 'integer' }, name: { type: 'string' }, on: { type: 'boolean' } },
      };
      const text = location === 'query' ? anyText : safeText;
      fc.assert(
        fc.property(
          fc.record({ limit: integer, name: text, on: fc.boolean() }, { requiredKeys: ['limit'] }),
          (value) => {
            expect(readBack(parameter(location, style, explode, schema), value)).toEqual(value);
          },
        ),
      );
    },
  );
});

describe('deepObject members that are objects and arrays (as Stripe, Rails and qs write them)', () => {
  const schema = {
    type: 'object',
    properties: {
      address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'integer' } } },
      tags: { type: 'array', items: { type: 'string' } },
      // Stripe's "a list, or '' to clear it".
      categories: {
        anyOf: [
          { type: 'array', items: { type: 'integer' } },
          { type: 'string', enum: [''] },
        ],
      },
      lines: {
        type: 'array',
        items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' } } },
      },
    },
  };
  const owner = parameter('query', 'deepObject', true, schema, 'owner');

  test('read back as written, nested objects and arrays included', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            address: fc.record({ city: anyText, zip: integer }),
            tags: fc.array(anyText, { minLength: 1, maxLength: 3 }),
            categories: fc.array(integer, { minLength: 1, maxLength: 3 }),
            lines: fc.array(fc.record({ sku: anyText, qty: integer }), { minLength: 1, maxLength: 2 }),
          },
          { requiredKeys: [] },
        ),
        (value) => {
          // An object with no members writes no pair at all, so it reads back as an absent parameter.
          expect(readBack(owner, value)).toEqual(Object.keys(value).length === 0 ? undefined : value);
        },
      ),
    );
  });

  test('an empty object writes no pair and reads back as absent (the form cannot tell {} from nothing)', () => {
    const encoded = encodeParameter(owner, {});
    expect(encoded.in === 'query' && encoded.pairs).toEqual([]);
    expect(readBack(owner, {})).toBeUndefined();
  });

  test('on the wire: brackets per level, an index per item', () => {
    const encoded = encodeParameter(owner, { address: { city: 'Oslo' }, tags: ['a', 'b'], lines: [{ sku: 'x' }] });
    expect(encoded.in === 'query' && encoded.pairs.map(decodeURIComponent)).toEqual([
      'owner[address][city]=Oslo',
      'owner[tags][0]=a',
      'owner[tags][1]=b',
      'owner[lines][0][sku]=x',
    ]);
    const expand = parameter('query', 'deepObject', true, { type: 'array', items: { type: 'string' } }, 'expand');
    expect(readBack(expand, ['customer', 'invoice'])).toEqual(['customer', 'invoice']);
    const metadata = parameter(
      'query',
      'deepObject',
      true,
      {
        anyOf: [
          { type: 'object', additionalProperties: { type: 'string' } },
          { type: 'string', enum: [''] },
        ],
      },
      'metadata',
    );
    expect([readBack(metadata, ''), readBack(metadata, { plan: 'pro' })]).toEqual(['', { plan: 'pro' }]);
    // Stripe's tiers: `up_to` is the word inf or an integer; a number is the integer, the word stays text.
    const upTo = parameter(
      'query',
      'form',
      true,
      { anyOf: [{ type: 'string', enum: ['inf'] }, { type: 'integer' }] },
      'up_to',
    );
    expect([readBack(upTo, 5), readBack(upTo, 'inf')]).toEqual([5, 'inf']);
    const search = 'owner[tags][]=a&owner[tags][]=b&owner[categories][0]=3';
    expect(decodeParameters([owner], { path: {}, search, headers: {} }).values.query.owner).toEqual({
      tags: ['a', 'b'],
      categories: [3],
    });
  });
});

describe('issue 10 item 5: query styles as clients write them', () => {
  test.each<[string, OperationParameter, string, unknown]>([
    [
      'form exploded object: ?offset=1&limit=2 is one parameter',
      parameter(
        'query',
        'form',
        true,
        { type: 'object', properties: { offset: { type: 'integer' }, limit: { type: 'integer' } } },
        'page',
      ),
      'offset=1&limit=2',
      { offset: 1, limit: 2 },
    ],
    [
      'deepObject',
      parameter(
        'query',
        'deepObject',
        true,
        { type: 'object', properties: { color: { type: 'string' }, size: { type: 'integer' } } },
        'filter',
      ),
      'filter[color]=red&filter%5Bsize%5D=2',
      { color: 'red', size: 2 },
    ],
    [
      'spaceDelimited',
      parameter('query', 'spaceDelimited', false, { type: 'array', items: { type: 'integer' } }, 'ids'),
      'ids=1%202+3',
      [1, 2, 3],
    ],
    [
      'pipeDelimited',
      parameter('query', 'pipeDelimited', false, { type: 'array', items: { type: 'string' } }, 'tags'),
      'tags=a|b|c',
      ['a', 'b', 'c'],
    ],
    [
      'form non-exploded array with an encoded comma inside an item',
      parameter('query', 'form', false, { type: 'array', items: { type: 'string' } }, 'ids'),
      'ids=a%2Cb,c',
      ['a,b', 'c'],
    ],
    [
      'repeated exploded array',
      parameter('query', 'form', true, { type: 'array', items: { type: 'integer' } }, 'id'),
      'id=3&id=4',
      [3, 4],
    ],
    [
      'content: application/json',
      { ...parameter('query', 'form', true, { type: 'object' }, 'q'), mediaType: 'application/json' },
      `q=${encodeURIComponent('{"a":[1,2]}')}`,
      { a: [1, 2] },
    ],
  ])('%s', (_name, param, search, want) => {
    expect(decodeParameters([param], { path: {}, search, headers: {} }).values.query[param.name]).toEqual(want);
  });

  test('int64 beyond 2^53 keeps its digits for the exact-integer check', async () => {
    const { exactNumberText } = await import('../../../src/core/json/exact-json.js');
    const { values } = decodeParameters(
      [parameter('query', 'form', true, { type: 'integer', format: 'int64' }, 'id')],
      { path: {}, search: 'id=9223372036854775808', headers: {} },
    );
    expect(exactNumberText(values.query, 'id')).toBe('9223372036854775808');
  });

  test('a string schema keeps digits as text; an integer schema keeps non-digits as text for the validator', () => {
    const { values } = decodeParameters(
      [
        parameter('query', 'form', true, { type: 'string' }, 'sku'),
        parameter('query', 'form', true, { type: 'integer' }, 'limit'),
      ],
      { path: {}, search: 'sku=0012&limit=ten', headers: {} },
    );
    expect(values.query).toEqual({ sku: '0012', limit: 'ten' });
  });

  test('a primitive given twice and JSON that does not parse are problems, not values', () => {
    const { problems } = decodeParameters(
      [
        parameter('query', 'form', true, { type: 'integer' }, 'limit'),
        { ...parameter('query', 'form', true, { type: 'object' }, 'q'), mediaType: 'application/json' },
      ],
      { path: {}, search: 'limit=1&limit=2&q=%7Bnope', headers: {} },
    );
    expect(problems.map((problem) => `${problem.name}: ${problem.message.split(' (')[0]}`)).toEqual([
      'limit: is given 2 times; the spec documents a single value',
      'q: is not valid JSON',
    ]);
  });

  test('cookie parameters, exploded object cookies among others', () => {
    const session = parameter('cookie', 'form', true, { type: 'string' }, 'session');
    const prefs = parameter(
      'cookie',
      'form',
      true,
      { type: 'object', properties: { theme: { type: 'string' }, size: { type: 'integer' } } },
      'prefs',
    );
    const { values } = decodeParameters([session, prefs], {
      path: {},
      search: '',
      headers: { cookie: 'session=abc; theme=dark; size=3; unrelated=1' },
    });
    expect(values.cookie).toEqual({ session: 'abc', prefs: { theme: 'dark', size: 3 } });
  });
});
