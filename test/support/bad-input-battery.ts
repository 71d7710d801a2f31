/**
 * The bad-input battery: malformed requests to the Plant Store mock (POST
 * /plants), each with the status it must get. test/mock/bad-input.test.ts
 * checks every answer and the mock's memory over 10 rounds; the bench
 * (bench/suites/mock-memory.mjs) runs the same rounds against the mock's own
 * process in every run.
 */
import { httpRequest } from './raw-http.js';

const auth: Array<[string, string]> = [
  ['Authorization', 'Bearer t'],
  ['Content-Type', 'application/json'],
];
/** POST /plants with credentials and a JSON media type. */
export const post = (body: Buffer | string, extra: Array<[string, string]> = []) =>
  httpRequest('POST', '/plants', [...auth, ...extra], body);
const deep = (open: string, close: string, depth: number, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** [name, request bytes, expected status]. */
export const MALFORMED: Array<[string, Buffer, number]> = [
  // broken JSON
  ['unterminated object', post('{'), 400],
  ['dangling comma', post('{"id":1,'), 400],
  ['missing closing brace', post('{"id":1,"name":"x"'), 400],
  ['bare word', post('nul'), 400],
  ['leading zero', post('{"id":01,"name":"x"}'), 400],
  ['single quotes', post("{'id':1,'name':'x'}"), 400],
  ['trailing comma', post('{"id":1,"name":"x",}'), 400],
  ['NaN', post('{"id":NaN,"name":"x"}'), 400],
  ['Infinity literal', post('{"id":Infinity,"name":"x"}'), 400],
  ['NUL byte', post('\u0000'), 400],
  ['bad escape', post('{"id":1,"name":"\\x"}'), 400],
  ['duplicate keys with a long number (strict parser)', post('{"id":9223372036854775807,"id":1,"name":"x"}'), 400],
  // size
  ['2 MiB body', post(`{"id":1,"name":"${'x'.repeat(2 * 1024 * 1024)}"}`), 413],
  [
    'declared length far beyond the limit',
    httpRequest('POST', '/plants', [...auth, ['Content-Length', '999999999']], ''),
    413,
  ],
  // deep nesting
  ['100k nested arrays', post(deep('[', ']', 100_000)), 400],
  ['50k nested objects', post(deep('{"a":', '}', 50_000)), 400],
  ['deep nesting with a long number', post(deep('[', ']', 50_000, '9223372036854775808')), 400],
  // invalid UTF-8
  ['0xFF byte', post(Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])), 400],
  [
    'overlong encoding',
    post(Buffer.concat([Buffer.from('{"id":1,"name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])),
    400,
  ],
  [
    'UTF-8 encoded surrogate',
    post(Buffer.concat([Buffer.from('{"id":1,"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])),
    400,
  ],
  // prototype keys
  ['__proto__ holding the fields', post('{"__proto__":{"id":1,"name":"x"}}'), 400],
  ['constructor.prototype', post('{"constructor":{"prototype":{"id":1,"name":"x"}}}'), 400],
  // numbers beyond int64
  ['int64 max + 1', post('{"id":9223372036854775808,"name":"x"}'), 400],
  ['int64 min - 1', post('{"id":-9223372036854775809,"name":"x"}'), 400],
  ['1e400', post('{"id":1e400,"name":"x"}'), 400],
  ['30 digits', post('{"id":123456789012345678901234567890,"name":"x"}'), 400],
  // wrong methods and paths
  ['GET /plants', httpRequest('GET', '/plants', auth), 405],
  ['DELETE /plants', httpRequest('DELETE', '/plants', auth), 405],
  ['PATCH /plants', httpRequest('PATCH', '/plants', auth, '{}'), 405],
  ['POST /plants/1', httpRequest('POST', '/plants/1', auth, '{"id":1,"name":"x"}'), 404],
  ['POST /PLANTS', httpRequest('POST', '/PLANTS', auth, '{"id":1,"name":"x"}'), 404],
  ['bad percent-encoding', httpRequest('POST', '/%ZZ', auth, '{}'), 404],
  [
    'wrong media type',
    httpRequest(
      'POST',
      '/plants',
      [
        ['Authorization', 'Bearer t'],
        ['Content-Type', 'application/xml'],
      ],
      '{"id":1,"name":"x"}',
    ),
    400,
  ],
  // duplicate and oversized headers, broken HTTP
  [
    'two different Content-Length headers',
    Buffer.from(
      'POST /plants HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n{"a":1}',
    ),
    400,
  ],
  [
    'Content-Length with Transfer-Encoding',
    Buffer.from('POST /plants HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'),
    400,
  ],
  [
    'two Content-Type headers, the first wrong',
    httpRequest(
      'POST',
      '/plants',
      [
        ['Authorization', 'Bearer t'],
        ['Content-Type', 'text/plain'],
        ['Content-Type', 'application/json'],
      ],
      '{"id":1,"name":"x"}',
    ),
    400,
  ],
  ['a 20 KiB header', httpRequest('POST', '/plants', [...auth, ['X-Big', 'x'.repeat(20 * 1024)]], '{}'), 431],
  // Node takes up to 2000 small headers (maxHeadersCount); the invalid body still gets its 400.
  [
    '2000 headers and an invalid body',
    httpRequest(
      'POST',
      '/plants',
      [...auth, ...Array.from({ length: 2000 }, (_, index): [string, string] => [`X-H${index}`, 'v'])],
      '{}',
    ),
    400,
  ],
  ['garbage request line', Buffer.from('GARBAGE\r\n\r\n'), 400],
];
