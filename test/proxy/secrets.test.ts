/**
 * Credentials travel through the proxy untouched and appear nowhere it
 * reports: not in the exchanges it emits (which the log, JSON and JUnit
 * reporters print), whether the exchange is clean or not, and wherever the
 * secret stands (a header, a percent-encoded query value, a cookie, a body
 * field, the upstream echoing it back).
 */
import { expect, test } from 'vitest';
import { exchangeLine } from '../../src/report/proxy-log-reporter.js';
import { withProxy } from '../support/proxy.js';
import { startUpstream } from '../support/upstream.js';

const TOKEN = 'tok-3f9a1c77e2';
const API_KEY = 'k/ey+9d2e';
const PASSWORD = 'pa55:word-81c';
const SESSION = 'sess0123456789abcdef';

test('no secret in any emitted exchange; every secret reached the upstream', async () => {
  const upstream = await startUpstream((request, response) => {
    const wrong = request.target.includes('wrong');
    response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': [`SESSION=${SESSION}; HttpOnly`] });
    // The broken answer echoes what it was sent: a Plant without `name`, holding the token and the key.
    response.end(
      wrong ? JSON.stringify({ title: `token ${TOKEN}`, note: `key ${API_KEY}` }) : JSON.stringify({ name: 'Fern' }),
    );
  });
  try {
    const basic = Buffer.from(`ada:${PASSWORD}`).toString('base64');
    const { exchanges } = await withProxy({ upstream: upstream.url, spec: 'openapi.yaml' }, async ({ proxy }) => {
      const headers = {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        cookie: `SESSION=${SESSION}`,
      };
      const query = `api_key=${encodeURIComponent(API_KEY)}`;
      for (const path of [`/plants?${query}`, `/plants?wrong=1&${query}`]) {
        await (
          await fetch(`${proxy.url}${path}`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ id: 1, name: 'Fern', password: PASSWORD }),
          })
        ).text();
      }
      await (
        await fetch(`${proxy.url}/plants?wrong=1`, {
          method: 'POST',
          headers: { authorization: `Basic ${basic}`, 'x-api-key': API_KEY },
          body: `{"password":"${PASSWORD}"}`,
        })
      ).text();
    });
    expect(exchanges).toHaveLength(3);
    expect(exchanges.some((exchange) => exchange.violations.length > 0)).toBe(true);
    const printed = JSON.stringify(exchanges) + exchanges.map(exchangeLine).join('\n');
    for (const secret of [
      TOKEN,
      API_KEY,
      encodeURIComponent(API_KEY),
      PASSWORD,
      SESSION,
      Buffer.from(`ada:${PASSWORD}`).toString('base64'),
    ])
      expect(printed).not.toContain(secret);
    expect(printed).toContain('Bearer ***');
    expect(printed).toContain('api_key=***');
    // Forwarded as sent.
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(upstream.requests[0]?.target).toBe(`/plants?api_key=${encodeURIComponent(API_KEY)}`);
    expect(upstream.requests[2]?.body.toString()).toBe(`{"password":"${PASSWORD}"}`);
  } finally {
    await upstream.close();
  }
});
