/** Security requirement semantics (OAS 4.8.30) over the scheme handlers: OR of ANDs, `{}` optional, pinned values. */
import { describe, expect, test } from 'vitest';
import { checkSecurity, credentialSource } from '../../../src/core/security/requirements.js';
import type { SecurityRequirement, SecuritySchemeUse } from '../../../src/core/spec/types.js';

const scheme = (name: string, type: string, extra: Partial<SecuritySchemeUse> = {}): SecuritySchemeUse => ({
  name,
  type,
  scheme: undefined,
  in: undefined,
  parameterName: undefined,
  scopes: [],
  ...extra,
});
const bearer = scheme('bearerAuth', 'http', { scheme: 'bearer' });
const basic = scheme('basicAuth', 'http', { scheme: 'basic' });
const headerKey = scheme('headerKey', 'apiKey', { in: 'header', parameterName: 'X-API-Key' });
const queryKey = scheme('queryKey', 'apiKey', { in: 'query', parameterName: 'api_key' });
const cookieKey = scheme('cookieKey', 'apiKey', { in: 'cookie', parameterName: 'SESSION' });
const oauth = scheme('oauth', 'oauth2', { scopes: ['plants:write'] });
const oidc = scheme('oidc', 'openIdConnect');
const digest = scheme('digestAuth', 'http', { scheme: 'digest' });
const basicHeader = `Basic ${Buffer.from('ada:lovelace').toString('base64')}`;

type Row = [string, SecurityRequirement[], Record<string, string>, string, boolean | RegExp, string[]?];
const pins: Record<string, string> = {};

describe('requirement semantics', () => {
  test.each<Row>([
    ['no requirement', [], {}, '', true],
    ['an empty alternative makes credentials optional', [[bearer], []], {}, '', true],
    ['bearer satisfied', [[bearer]], { authorization: 'Bearer abc' }, '', true],
    ['bearer missing: 401 challenge', [[bearer]], {}, '', /missing Authorization header/, ['Bearer realm="plantkit"']],
    ['api key in a header', [[headerKey]], { 'x-api-key': 'k' }, '', true],
    ['api key in the query', [[queryKey]], {}, 'api_key=k', true],
    ['api key in a cookie', [[cookieKey]], { cookie: 'a=1; SESSION=k' }, '', true],
    ['api key missing', [[queryKey]], {}, 'other=1', /missing API key: send it as the query parameter 'api_key'/],
    [
      'AND: both schemes needed, one given',
      [[headerKey, basic]],
      { 'x-api-key': 'k' },
      '',
      /missing Authorization header; send 'Authorization: Basic/,
    ],
    ['AND: both given', [[headerKey, basic]], { 'x-api-key': 'k', authorization: basicHeader }, '', true],
    ['OR: OAuth2 or Basic accepts Basic', [[oauth], [basic]], { authorization: basicHeader }, '', true],
    ['OR: OAuth2 or Basic accepts a bearer token', [[oauth], [basic]], { authorization: 'Bearer t' }, '', true],
    [
      'OR: neither, both challenges, the alternatives named',
      [[oauth], [basic]],
      {},
      '',
      /the operation accepts oauth, or basicAuth/,
      ['Bearer realm="plantkit", scope="plants:write"', 'Basic realm="plantkit", charset="UTF-8"'],
    ],
    ['OpenID Connect takes a bearer token', [[oidc]], { authorization: 'bearer t' }, '', true],
    ['malformed Basic', [[basic]], { authorization: 'Basic !!!' }, '', /not base64 of user:password/],
    [
      'Basic without a colon',
      [[basic]],
      { authorization: `Basic ${Buffer.from('nocolon').toString('base64')}` },
      '',
      /not base64 of user:password/,
    ],
    ['other HTTP schemes are checked by scheme word', [[digest]], { authorization: 'Digest username="a"' }, '', true],
    [
      'and refused without it',
      [[digest]],
      { authorization: 'Bearer x' },
      '',
      /with the digest scheme/,
      ['Digest realm="plantkit"'],
    ],
  ])('%s', (_name, requirements, headers, search, want, challenges) => {
    const outcome = checkSecurity(requirements, credentialSource(headers, search), (used) => pins[used.name]);
    if (want === true) return expect(outcome).toEqual({ ok: true });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.message).toMatch(want as RegExp);
      if (challenges) expect(outcome.challenges).toEqual(challenges);
    }
  });
});

describe('pinned credentials', () => {
  const pinned = (values: Record<string, string>) => (used: SecuritySchemeUse) => values[used.name];
  test.each<[string, SecurityRequirement[], Record<string, string>, Record<string, string>, boolean]>([
    ['the pinned token', [[bearer]], { authorization: 'Bearer s3cret' }, { bearerAuth: 's3cret' }, true],
    ['another token', [[bearer]], { authorization: 'Bearer s3cre7' }, { bearerAuth: 's3cret' }, false],
    ['the pinned key', [[headerKey]], { 'x-api-key': 'k1' }, { headerKey: 'k1' }, true],
    ['another key', [[headerKey]], { 'x-api-key': 'k2' }, { headerKey: 'k1' }, false],
    ['the pinned Basic pair', [[basic]], { authorization: basicHeader }, { basicAuth: 'ada:lovelace' }, true],
    [
      'another password',
      [[basic]],
      { authorization: `Basic ${Buffer.from('ada:x').toString('base64')}` },
      { basicAuth: 'ada:lovelace' },
      false,
    ],
  ])('%s', (_name, requirements, headers, values, ok) => {
    expect(checkSecurity(requirements, credentialSource(headers, ''), pinned(values)).ok).toBe(ok);
  });

  test('a refused credential is never echoed in the message', () => {
    const outcome = checkSecurity(
      [[bearer]],
      credentialSource({ authorization: 'sk_live_SUPERSECRET' }, ''),
      () => undefined,
    );
    expect(outcome.ok === false && outcome.message).toBe(
      "the Authorization header does not start with the Bearer scheme; send 'Authorization: Bearer <token>'",
    );
    const wrong = checkSecurity(
      [[headerKey]],
      credentialSource({ 'x-api-key': 'sk_live_SUPERSECRET' }, ''),
      () => 'pinned',
    );
    expect(JSON.stringify(wrong)).not.toContain('SUPERSECRET');
  });
});
