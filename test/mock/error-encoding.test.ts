/** One error encoding for the mock's refusals and the proxy's own answers (core/server/error-body.ts). */
import { expect, test } from 'vitest';
import { type ErrorResponse, encodeError } from '../../src/core/server/error-body.js';

const error = (mediaType: string, schema?: ErrorResponse['schema']): ErrorResponse => ({
  status: 400,
  mediaType,
  body: { code: 400, message: 'name is required' },
  schema,
});

test.each([
  [
    'JSON as JSON',
    { given: error('application/json'), want: ['application/json', '{"code":400,"message":"name is required"}'] },
  ],
  [
    'problem+json keeps its media type (RFC 9457)',
    {
      given: error('application/problem+json'),
      want: ['application/problem+json', '{"code":400,"message":"name is required"}'],
    },
  ],
  [
    "XML by the XML codec, the root element named by the schema's xml name",
    {
      given: error('application/xml', { type: 'object', xml: { name: 'Error' } }),
      want: [
        'application/xml',
        '<?xml version="1.0" encoding="UTF-8"?><Error><code>400</code><message>name is required</message></Error>',
      ],
    },
  ],
  [
    'a media type that does not parse: JSON',
    { given: error('json'), want: ['application/json', '{"code":400,"message":"name is required"}'] },
  ],
])('%s', (_name, { given, want }) => {
  const encoded = encodeError(given);
  expect([encoded.contentType, encoded.body.toString('utf8')]).toEqual(want);
});
