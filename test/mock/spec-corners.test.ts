/**
 * Issue 23: the last real-spec corners of the mock, one table row per corner,
 * asked over HTTP of the real mock: 3.0 `nullable` with no type, values that
 * can only be null, overlapping `oneOf` branches, refusals that keep the
 * spec's own response declarations (headers, media type, schema, example),
 * operations that document only errors, XML examples that are documents, and
 * Swagger 2.0 and form details Prism's behaviour suite holds it to. The same
 * fixtures pass `plantkit contract` (self-consistency.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';

const SPECS = {
  '3.0': fixturePath('mock/corners-3.0.yaml'),
  '3.1': fixturePath('mock/corners-3.1.yaml'),
  '2.0': fixturePath('mock/corners-2.0.yaml'),
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const key = { 'x-api-key': 'k' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

interface Row {
  spec: keyof typeof SPECS;
  path: string;
  init?: RequestInit;
  status: number;
  /** Exact Content-Type; null: none. */
  contentType?: string | null;
  /** Headers that must be there (a value or a pattern); null: must be absent. */
  headers?: Record<string, string | RegExp | null>;
  /** The body as text (exact), or as JSON (matched with toEqual). */
  text?: string;
  json?: unknown;
}

const ROWS: Array<[string, Row]> = [
  [
    '3.0 nullable with no type, true and false, and beside allOf: served, never a 500',
    {
      spec: '3.0',
      path: '/nullables',
      status: 200,
      json: { anything: null, notNull: null, either: { item: expect.any(String), quantity: expect.any(Number) } },
    },
  ],
  [
    '3.1: properties that can only be null, null beside an impossible type, a migrated nullable',
    {
      spec: '3.1',
      path: '/voids',
      status: 200,
      // `legacy` allows any value, null included; the runner's schema check over this fixture covers it.
      json: expect.objectContaining({ gone: null, branch: null, impossible: null }),
    },
  ],
  ['3.1: a body that can only be null', { spec: '3.1', path: '/void', status: 200, text: 'null' }],
  [
    'overlapping oneOf branches: a value matching exactly one (a number that is no integer; one pet, the other kept out)',
    { spec: '3.0', path: '/sizes', status: 200, json: { size: 1.5, pet: { purrs: true, barks: 'plantkit' } } },
  ],
  [
    'a 400 refusal carries the required X-Request-ID the spec documents on it, in its Problem shape',
    {
      spec: '3.0',
      path: '/orders?priority=9',
      init: { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: '{"item":"pot"}' },
      status: 400,
      contentType: 'application/json',
      headers: { 'x-request-id': UUID, 'x-plantkit-reason': "query parameter 'priority' must be <= 5" },
      json: { code: '400', message: "query parameter 'priority' must be <= 5" },
    },
  ],
  [
    'a 415 documented as text/plain with an example: that text, as text, with its header',
    {
      spec: '3.0',
      path: '/orders',
      init: { method: 'POST', headers: { ...key, 'content-type': 'text/plain' }, body: 'pot' },
      status: 415,
      contentType: 'text/plain; charset=utf-8',
      headers: {
        'x-request-id': UUID,
        'x-plantkit-reason': 'Content-Type text/plain is not accepted; send application/json',
      },
      text: 'no body allowed',
    },
  ],
  [
    'a 401 documented as type string in text/plain: the message, as text',
    {
      spec: '3.0',
      path: '/orders',
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"item":"pot"}' },
      status: 401,
      contentType: 'text/plain; charset=utf-8',
      text: "missing API key: send it as the header 'x-api-key'",
    },
  ],
  [
    'a 401 documented as type number: a number, the message in x-plantkit-reason',
    {
      spec: '3.0',
      path: '/balance',
      status: 401,
      contentType: 'application/json',
      headers: { 'x-plantkit-reason': "missing API key: send it as the header 'x-api-key'" },
      json: expect.any(Number),
    },
  ],
  [
    'a 422 with a documented example: the example, its message field telling what is wrong',
    {
      spec: '3.0',
      path: '/lookups?code=abc',
      status: 422,
      contentType: 'application/json',
      json: { error: 'invalid_code', message: 'query parameter \'code\' must match pattern "^[A-Z]{3}$"' },
    },
  ],
  [
    'an operation documenting only 4XX and 5XX: its 400 with the example, never an invented 200',
    {
      spec: '3.0',
      path: '/maintenance',
      status: 400,
      contentType: 'text/plain; charset=utf-8',
      text: 'come back later',
    },
  ],
  [
    'the same operation asked for a 503: the 5XX example',
    {
      spec: '3.0',
      path: '/maintenance?__code=503',
      status: 503,
      contentType: 'text/plain; charset=utf-8',
      text: 'the service is down',
    },
  ],
  [
    'an XML string example without a schema is the document itself',
    {
      spec: '3.0',
      path: '/catalog',
      init: { headers: { accept: 'application/xml' } },
      status: 200,
      contentType: 'application/xml',
      text: '<catalog><plant>Fern</plant></catalog>',
    },
  ],
  [
    'an XML string example with an object schema: read back, checked, and sent as written',
    {
      spec: '3.0',
      path: '/catalog',
      init: { headers: { accept: 'text/xml' } },
      status: 200,
      contentType: 'text/xml',
      text: '<catalog><plant>Palm</plant></catalog>',
    },
  ],
  [
    'Swagger 2.0: an XML example keyed by a produced media type is the document itself',
    {
      spec: '2.0',
      path: '/pets',
      init: { headers: { accept: 'application/xml' } },
      status: 200,
      contentType: 'application/xml',
      text: '<pets><pet>Rex</pet></pets>',
    },
  ],
  [
    'Swagger 2.0: an example keyed by a media type outside produces is not served: generated data in what it produces',
    {
      spec: '2.0',
      path: '/plants',
      status: 200,
      contentType: 'application/xml',
      text: '<?xml version="1.0" encoding="UTF-8"?><plant><name>Fern</name></plant>',
    },
  ],
  [
    'Swagger 2.0: nor is that media type offered',
    {
      spec: '2.0',
      path: '/plants',
      init: { headers: { accept: 'application/json' } },
      status: 406,
      headers: {
        'x-plantkit-reason':
          "none of the media types this response documents (application/xml) is acceptable to 'Accept: application/json'",
      },
    },
  ],
  [
    'Swagger 2.0: allowEmptyValue false on a urlencoded formData field refuses an empty value',
    {
      spec: '2.0',
      path: '/notes',
      init: { method: 'POST', headers: form, body: 'id=&remark=' },
      status: 400,
      headers: { 'x-plantkit-reason': 'body/id must NOT have fewer than 1 characters' },
    },
  ],
  [
    'Swagger 2.0: a name without a value is empty too',
    {
      spec: '2.0',
      path: '/notes',
      init: { method: 'POST', headers: form, body: 'id' },
      status: 400,
      headers: { 'x-plantkit-reason': 'body/id must NOT have fewer than 1 characters' },
    },
  ],
  [
    'Swagger 2.0: allowEmptyValue true keeps accepting an empty value',
    {
      spec: '2.0',
      path: '/notes',
      init: { method: 'POST', headers: form, body: 'id=n1&remark=' },
      status: 200,
      text: 'string',
    },
  ],
  [
    'Swagger 2.0: allowEmptyValue false on a multipart formData field',
    {
      spec: '2.0',
      path: '/attachments',
      init: {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=plantkit' },
        body: '--plantkit\r\ncontent-disposition: form-data; name="title"\r\n\r\n\r\n--plantkit--\r\n',
      },
      status: 400,
      headers: { 'x-plantkit-reason': 'body/title must NOT have fewer than 1 characters' },
    },
  ],
  [
    'a urlencoded field whose Encoding Object leaves allowReserved false, holding reserved characters unencoded',
    {
      spec: '3.0',
      path: '/subscriptions',
      init: { method: 'POST', headers: form, body: 'callback=https://example.com/hook?a=1&topic=plants/(ferns)' },
      status: 400,
      headers: {
        'x-plantkit-reason':
          "form field 'topic' holds reserved characters without percent-encoding (/()); its Encoding Object does not set allowReserved",
      },
    },
  ],
  [
    'the same characters percent-encoded, and raw where allowReserved is true: accepted',
    {
      spec: '3.0',
      path: '/subscriptions',
      init: { method: 'POST', headers: form, body: 'callback=https://example.com/hook?a=1&topic=plants%2F%28ferns%29' },
      status: 204,
      contentType: null,
      text: '',
    },
  ],
];

describe('issue 23: spec corners over HTTP', () => {
  test.each(ROWS)('%s', async (_name, row) => {
    await withMock({ spec: SPECS[row.spec] }, async (mock) => {
      const answer = await call(`${mock.url}${row.path}`, row.init);
      expect(answer.status).toBe(row.status);
      if (row.contentType !== undefined) expect(answer.headers.get('content-type')).toBe(row.contentType);
      for (const [name, want] of Object.entries(row.headers ?? {})) {
        const got = answer.headers.get(name);
        if (want instanceof RegExp) expect(got).toMatch(want);
        else expect(got).toBe(want);
      }
      if (row.text !== undefined) expect(answer.text).toBe(row.text);
      if (row.json !== undefined) expect(answer.json).toEqual(row.json);
    });
  });
});

describe('issue 23, bad input: every 500 of the mock says why, in its body and in x-plantkit-reason', () => {
  test.each<[string, { path: string; reason: RegExp; body: (message: string) => unknown }]>([
    [
      'an unsatisfiable schema where the spec documents 500 without content',
      {
        path: '/bare',
        reason: /^the mock cannot produce a valid 200 response for getBare .*#\/paths\/~1bare\/get\/responses\/200/,
        body: (message) => ({ error: 500, message }),
      },
    ],
    [
      'an unsatisfiable schema where the error shape has no room for a message',
      {
        path: '/coded',
        reason: /^the mock cannot produce a valid 200 response for getCoded/,
        body: (message) => ({ error: 500, message }),
      },
    ],
    [
      'a refusal whose required header nothing satisfies: a 500 naming the header, in the documented shape',
      {
        path: '/headers?page=x',
        reason: /^the mock's 400 response for getHeaders fails the spec: .*required response header 'X-Trace'/,
        body: (message) => ({ message }),
      },
    ],
  ])('%s', async (_name, { path, reason, body }) => {
    await withMock({ spec: fixturePath('mock/own-faults.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}${path}`);
      expect(answer.status).toBe(500);
      const said = answer.headers.get('x-plantkit-reason') ?? '';
      expect(said).toMatch(reason);
      expect(answer.json).toEqual(body(said));
    });
  });
});
