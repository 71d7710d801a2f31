import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { createRedactor, redactUrl, toCurl } from '../../src/contract/redact.js';

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
      `curl -i -X POST 'http://127.0.0.1:1/plants' -H "authorization: Bearer $PLANTKIT_TOKEN" -H 'accept: application/json' --data-binary '{"name":"t"}'`,
    ],
    [
      'apiKey header',
      'http://127.0.0.1:1/plants',
      { 'x-api-key': 't' },
      `curl -i -X POST 'http://127.0.0.1:1/plants' -H "x-api-key: $PLANTKIT_TOKEN" --data-binary '{"name":"t"}'`,
    ],
    [
      'apiKey query',
      'http://127.0.0.1:1/plants?api_key=t&dry=1',
      {},
      `curl -i -X POST "http://127.0.0.1:1/plants?api_key=$PLANTKIT_TOKEN&dry=1" --data-binary '{"name":"t"}'`,
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
