import { expect, test } from 'vitest';
import { checkBearer } from '../../src/mock/auth.js';

test.each([
  ['any token without --token', 'Bearer abc', undefined, true],
  ['lower-case scheme (RFC 9110 section 11.1)', 'bearer abc', undefined, true],
  ['extra spaces', '  Bearer   abc  ', undefined, true],
  ['missing', undefined, undefined, false],
  ['blank', '   ', undefined, false],
  ['scheme only', 'Bearer', undefined, false],
  ['scheme and space', 'Bearer ', undefined, false],
  ['two tokens', 'Bearer a b', undefined, false],
  ['Basic', 'Basic dTpw', undefined, false],
  ['token without scheme', 'abc', undefined, false],
  ['the configured token', 'Bearer s3cret', 's3cret', true],
  ['another token', 'Bearer s3cre7', 's3cret', false],
  ['a prefix of the token', 'Bearer s3c', 's3cret', false],
])('%s', (_name, header, expected, ok) => {
  const outcome = checkBearer(header, expected);
  expect(outcome.ok).toBe(ok);
  if (!outcome.ok) expect(outcome.challenge).toMatch(/^Bearer realm="plantkit"/);
});

test.each([
  ['a registered scheme is named', 'Basic dTpw', "the Basic scheme is not accepted; send 'Authorization: Bearer <token>'"],
  ['a bare credential is never echoed', 'sk_live_SUPERSECRET', "the Authorization header does not start with the Bearer scheme; send 'Authorization: Bearer <token>'"],
  ['nor a credential before a space', 'sk_live_SUPERSECRET extra', "the Authorization header does not start with the Bearer scheme; send 'Authorization: Bearer <token>'"],
])('message: %s', (_name, header, message) => {
  const outcome = checkBearer(header, undefined);
  expect(outcome).toEqual({ ok: false, message, challenge: 'Bearer realm="plantkit"' });
});

