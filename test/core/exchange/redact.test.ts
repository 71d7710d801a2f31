import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { createRedactor, redactUrl, redactValue, toCurl } from '../../../src/core/exchange/redact.js';

describe('createRedactor masks the token where it stands alone', () => {
  test.each([
    ['a bearer header', 's3cr3t-token', 'authorization: Bearer s3cr3t-token', 'authorization: Bearer ***'],
    [
      'a server echoing it in JSON',
      's3cr3t-token',
      '{"message":"token s3cr3t-token is unknown"}',
      '{"message":"token *** is unknown"}',
    ],
    ['a query value', 'k3y', 'GET /plants?api_key=k3y&x=1', 'GET /plants?api_key=***&x=1'],
    ['a one-letter token leaves words alone', 't', 'plantkit contract: Bearer t', 'plantkit contract: Bearer ***'],
    ['not inside a longer token', 'abc', 'Bearer abcdef', 'Bearer abcdef'],
    ['regex characters in the token', 'a+b.c*', 'Bearer a+b.c* here', 'Bearer *** here'],
  ])('%s', (_name, token, text, want) => {
    expect(createRedactor(token)(text)).toBe(want);
  });
});

test('redactUrl masks an apiKey query value', () => {
  expect(redactUrl('http://h/plants?api_key=S3cr%2Ft&x=1', [{ value: 'S3cr/t' }])).toBe(
    'http://h/plants?api_key=***&x=1',
  );
});

describe('toCurl references the variable and still runs', () => {
  const request = (headers: Record<string, string>) => ({
    method: 'POST',
    path: '/plants',
    headers,
    body: '{"name":"t"}',
  });

  test.each([
    [
      'bearer header',
      'http://127.0.0.1:1/plants',
      { authorization: 'Bearer t', accept: 'application/json' },
      `curl -i -X POST 'http://127.0.0.1:1/plants' -H "authorization: Bearer $PLANTKIT_TOKEN" -H 'accept: application/json' -H 'Content-Type:' -H 'User-Agent:' --data-binary '{"name":"t"}'`,
    ],
    [
      'apiKey header',
      'http://127.0.0.1:1/plants',
      { 'x-api-key': 't' },
      `curl -i -X POST 'http://127.0.0.1:1/plants' -H "x-api-key: $PLANTKIT_TOKEN" -H 'Accept:' -H 'Content-Type:' -H 'User-Agent:' --data-binary '{"name":"t"}'`,
    ],
    [
      'apiKey query',
      'http://127.0.0.1:1/plants?api_key=t&dry=1',
      {},
      `curl -i -X POST "http://127.0.0.1:1/plants?api_key=$PLANTKIT_TOKEN&dry=1" -H 'Accept:' -H 'Content-Type:' -H 'User-Agent:' --data-binary '{"name":"t"}'`,
    ],
  ])('%s', (_name, url, headers, want) => {
    expect(toCurl(url, request(headers), [{ value: 't', variable: 'PLANTKIT_TOKEN' }])).toBe(want);
  });

  test('the shell expands the variable back into the exact request', () => {
    const line = toCurl('http://127.0.0.1:1/plants?api_key=a%24b&q=1', request({ authorization: "Bearer it's $x" }), [
      { value: "it's $x", variable: 'TOKEN' },
    ]);
    // Print the arguments curl would get instead of running curl.
    const argv = execFileSync(
      'sh',
      ['-c', `printarg() { for a in "$@"; do printf '%s\\n' "$a"; done; }; ${line.replace(/^curl /, 'printarg ')}`],
      { env: { TOKEN: "it's $x" } },
    ).toString();
    expect(argv).toContain("authorization: Bearer it's $x\n");
    expect(argv).toContain('http://127.0.0.1:1/plants?api_key=a%24b&q=1\n');
  });
});

describe('toCurl says what the HTTP client sends, and nothing curl would add', () => {
  const secrets = [
    { value: 'tok', variable: 'PLANTKIT_TOKEN' },
    { value: Buffer.from('ann:pw').toString('base64'), variable: 'PLANTKIT_BASIC', basic: true },
  ];
  const base = { accept: 'application/json' };
  test.each<
    [string, { url: string; request: { method: string; headers: Record<string, string>; body?: string }; want: string }]
  >([
    [
      'a POST without a body sends Content-Length: 0, as undici does',
      {
        url: 'http://h:1/a',
        request: { method: 'POST', headers: base },
        want: `curl -i -X POST 'http://h:1/a' -H 'accept: application/json' -H 'Content-Length: 0' -H 'User-Agent:'`,
      },
    ],
    [
      'a DELETE without a body sends none',
      {
        url: 'http://h:1/a',
        request: { method: 'DELETE', headers: base },
        want: `curl -i -X DELETE 'http://h:1/a' -H 'accept: application/json' -H 'User-Agent:'`,
      },
    ],
    [
      'an empty body is one: Content-Length 0 from --data-binary',
      {
        url: 'http://h:1/a',
        request: { method: 'PUT', headers: { ...base, 'content-type': 'application/json' }, body: '' },
        want: `curl -i -X PUT 'http://h:1/a' -H 'accept: application/json' -H 'content-type: application/json' -H 'User-Agent:' --data-binary ''`,
      },
    ],
    [
      'HEAD with -I (-X HEAD would wait for a body)',
      {
        url: 'http://h:1/a',
        request: { method: 'HEAD', headers: base },
        want: `curl -I 'http://h:1/a' -H 'accept: application/json' -H 'User-Agent:'`,
      },
    ],
    [
      'Basic credentials from their variable with -u; an empty header value with `;`',
      {
        url: 'http://h:1/a',
        request: { method: 'GET', headers: { ...base, authorization: `Basic ${secrets[1]!.value}`, 'x-note': '' } },
        want: `curl -i -X GET 'http://h:1/a' -H 'accept: application/json' -u "$PLANTKIT_BASIC" -H 'x-note;' -H 'User-Agent:'`,
      },
    ],
    [
      'the target as sent: dot segments resolved, brackets not globbed, no fragment, https in HTTP/1.1',
      {
        url: 'https://h:1/a/./b/../c?filter[name]=x y#top',
        request: { method: 'GET', headers: base },
        want: `curl -i -X GET --http1.1 -g 'https://h:1/a/c?filter[name]=x%20y' -H 'accept: application/json' -H 'User-Agent:'`,
      },
    ],
    [
      'a body holding a NUL goes through printf and standard input',
      {
        url: 'http://h:1/a',
        request: { method: 'POST', headers: { ...base, 'content-type': 'text/plain' }, body: 'a\u0000b\\c' },
        want: `printf '%b' 'a\\0000b\\\\c' | curl -i -X POST 'http://h:1/a' -H 'accept: application/json' -H 'content-type: text/plain' -H 'User-Agent:' --data-binary @-`,
      },
    ],
  ])('%s', (_name, { url, request, want }) => {
    expect(toCurl(url, { path: '', ...request }, secrets)).toBe(want);
  });

  test('a NUL-carrying body comes out of printf byte for byte', () => {
    const body = 'a\u0000b\\c%s\n';
    const line = toCurl(
      'http://h:1/a',
      { method: 'POST', path: '', headers: { 'content-type': 'text/plain' }, body },
      [],
    );
    const printed = execFileSync('sh', ['-c', line.slice(0, line.indexOf(' | '))]);
    expect(printed.toString('latin1')).toBe(body);
  });
});

describe('redactValue: every string of a finding, never the JSON text around it', () => {
  test('a one-letter token is masked where it stands alone, not inside the escape a tab or a quote becomes', () => {
    const finding = { check: 'response-schema', message: 'body/name\t holds t', received: '"t"', count: 2 };
    const redacted = redactValue(finding, createRedactor('t'));
    expect(redacted).toEqual({
      check: 'response-schema',
      message: 'body/name\t holds ***',
      received: '"***"',
      count: 2,
    });
    // Redacting the JSON text instead turned `\t` into `\***`, which JSON.parse refuses (a Stripe run with PLANTKIT_TOKEN=t).
    expect(() => JSON.parse(createRedactor('t')(JSON.stringify(finding)))).toThrow(SyntaxError);
  });
});
