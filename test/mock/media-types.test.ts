/** Issue 10 items 1, 4, 6, 12: bodies of every media type in and out, content negotiation, no-content responses. */
import { describe, expect, test } from 'vitest';
import { call } from '../support/http.js';
import { fixturePath, withMock } from '../support/mock.js';
import { httpRequest, rawRequest } from '../support/raw-http.js';

const forms = { spec: fixturePath('rich/forms-3.0.yaml') };
const session = { cookie: 'SESSION=s' };

describe('item 1: examples are JSON under every JSON media type', () => {
  test.each([
    ['a plain string example', '/greeting', '"hello"', /^application\/json/],
    [
      'a string that looks like JSON, under a +json type with a charset',
      '/braces',
      '"{}"',
      /^application\/vnd\.plants\+json/,
    ],
  ])('%s', async (_name, path, text, contentType) => {
    await withMock({ spec: fixturePath('mock/json-examples.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}${path}`);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(text);
      expect(answer.headers.get('content-type')).toMatch(contentType);
    });
  });
});

test('JSON text beyond ASCII is sent as UTF-8, its Content-Length counting bytes', async () => {
  await withMock({ spec: fixturePath('mock/json-examples.yaml') }, async (mock) => {
    const answer = await call(`${mock.url}/accents`);
    const text = '{"name":"Café ☕ 日本 🌱","notes":"ünïcödé"}';
    expect([answer.status, answer.text]).toEqual([200, text]);
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
  });
});

describe('item 4: non-JSON request bodies are parsed and validated', () => {
  test.each<[string, string, Record<string, string>, string | Buffer, number, RegExp | undefined]>([
    [
      'a valid form',
      '/seeds',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'variety=rose&packets=3&organic=true',
      200,
      undefined,
    ],
    [
      'a form field below its minimum',
      '/seeds',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'variety=rose&packets=0',
      400,
      /body\/packets must be >= 1/,
    ],
    [
      'a form field of the wrong type',
      '/seeds',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'variety=rose&packets=many',
      400,
      /body\/packets must be integer/,
    ],
    [
      'a form without a required field',
      '/seeds',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'variety=rose',
      400,
      /must have required property 'packets'/,
    ],
    [
      'JSON where only a form is documented: the documented 415',
      '/seeds',
      { 'content-type': 'application/json' },
      '{"variety":"rose","packets":3}',
      415,
      /Content-Type application\/json is not accepted; send application\/x-www-form-urlencoded/,
    ],
    ['text/plain within its length', '/notes', { 'content-type': 'text/plain' }, 'water the fern', 200, undefined],
    [
      'text/plain over its maxLength',
      '/notes',
      { 'content-type': 'text/plain' },
      'x'.repeat(141),
      400,
      /must NOT have more than 140 characters/,
    ],
  ])('%s -> %i', async (_name, path, headers, body, status, message) => {
    await withMock(forms, async (mock) => {
      const answer = await call(`${mock.url}${path}`, { method: 'POST', headers: { ...session, ...headers }, body });
      expect(answer.status).toBe(status);
      if (message) expect(JSON.stringify(answer.json)).toMatch(message);
    });
  });

  test('a body to an operation that documents none: 400 saying so', async () => {
    await withMock(forms, async (mock) => {
      const answer = await rawRequest(
        mock.port,
        httpRequest(
          'GET',
          '/search',
          [
            ['Cookie', 'SESSION=s'],
            ['Content-Type', 'application/json'],
          ],
          '{"q":1}',
        ),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/GET \/search documents no request body, yet one was sent/);
    });
  });

  test('a multipart upload: parts typed by the schema, a bad part refused', async () => {
    await withMock(forms, async (mock) => {
      const form = new FormData();
      form.append('plant', '7');
      form.append('caption', 'first leaf');
      form.append('image', new Blob([Buffer.from([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), 'leaf.png');
      form.append('meta', new Blob([JSON.stringify({ camera: 'phone' })], { type: 'application/json' }));
      const ok = await call(`${mock.url}/photos`, { method: 'POST', headers: session, body: form });
      expect(ok.status).toBe(201);
      const bad = new FormData();
      bad.append('plant', '0');
      bad.append('image', new Blob([Buffer.from('x')], { type: 'image/png' }), 'x.png');
      const refused = await call(`${mock.url}/photos`, { method: 'POST', headers: session, body: bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toMatch(/body\/plant must be >= 1/);
    });
  });
});

describe('item 6: content negotiation', () => {
  test.each<[string, string | undefined, number, RegExp]>([
    ['no Accept: the first documented type (XML here)', undefined, 200, /^application\/xml/],
    ['Accept: application/json', 'application/json', 200, /^application\/json/],
    [
      'quality values pick the preferred type',
      'application/xml;q=0.2, application/json;q=0.9',
      200,
      /^application\/json/,
    ],
    ['*/* takes the first documented type', '*/*', 200, /^application\/xml/],
    ['nothing acceptable: 406', 'text/csv', 406, /^application\/json/],
  ])('%s', async (_name, accept, status, contentType) => {
    await withMock(forms, async (mock) => {
      const answer = await call(`${mock.url}/seeds`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/x-www-form-urlencoded', ...(accept ? { accept } : {}) },
        body: 'variety=rose&packets=2&colours=red&colours=white',
      });
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toMatch(contentType);
      if (status === 406)
        expect(JSON.stringify(answer.json)).toMatch(
          /none of the media types this response documents \(application\/xml, application\/json\) is acceptable/,
        );
    });
  });

  test('XML is served as XML: element names from the xml objects, echoed values, wrapped arrays', async () => {
    await withMock(forms, async (mock) => {
      const answer = await call(`${mock.url}/seeds`, {
        method: 'POST',
        headers: { ...session, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/xml' },
        body: 'variety=rose&packets=2&colours=red&colours=white',
      });
      expect(answer.text).toMatch(
        /^<\?xml version="1\.0" encoding="UTF-8"\?><order id="[^"]*"><variety>rose<\/variety><packets>2<\/packets><colours><colour>red<\/colour><colour>white<\/colour><\/colours><\/order>$/,
      );
    });
  });

  test('an image response is bytes labelled image/png', async () => {
    await withMock(forms, async (mock) => {
      const response = await fetch(`${mock.url}/photos/p1`, { headers: session });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    });
  });
});

describe('item 12: no-content and wildcard responses', () => {
  test('a response without content has no body and no Content-Type', async () => {
    await withMock({ spec: fixturePath('mock/json-examples.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}/empty`);
      expect(answer.status).toBe(200);
      expect(answer.text).toBe('');
      expect(answer.headers.get('content-type')).toBeNull();
    });
  });

  test.each([['application/json'], ['*/*'], ['application/*']])('*/* answers Accept: %s with JSON', async (accept) => {
    await withMock({ spec: fixturePath('mock/json-examples.yaml') }, async (mock) => {
      const answer = await call(`${mock.url}/anything`, { headers: { accept } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.json).toEqual({ ok: true });
    });
  });

  test('204 and HEAD carry no body', async () => {
    await withMock({ spec: fixturePath('rich/catalog-3.1.yaml') }, async (mock) => {
      const deleted = await call(`${mock.url}/plants/3`, { method: 'DELETE', headers: { 'x-api-key': 'k' } });
      expect([deleted.status, deleted.text, deleted.headers.get('content-type')]).toEqual([204, '', null]);
      const head = await call(`${mock.url}/plants/3`, { method: 'HEAD', headers: { 'x-api-key': 'k' } });
      expect([head.status, head.text]).toEqual([200, '']);
    });
  });
});
