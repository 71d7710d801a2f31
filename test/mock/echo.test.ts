import { expect, test } from 'vitest';
import { parseJson, stringifyJson } from '../../src/core/json/exact-json.js';
import { echoRequest } from '../../src/mock/echo.js';

const plant = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, tag: { type: 'string' }, count: { type: 'integer' } },
};
const parse = (text: string) => (parseJson(text) as { value: unknown }).value;

test.each([
  [
    'request values replace example values',
    '{"name":"Example","tag":"e"}',
    '{"id":1,"name":"Fern","tag":"t"}',
    true,
    '{"name":"Fern","tag":"t"}',
  ],
  ['undeclared request fields are not echoed', '{"name":"Example"}', '{"id":1,"name":"Fern"}', true, '{"name":"Fern"}'],
  [
    'static: absent optional fields are dropped',
    '{"name":"Example","tag":"e"}',
    '{"id":1,"name":"Fern"}',
    true,
    '{"name":"Fern"}',
  ],
  [
    'dynamic: absent optional fields keep generated data',
    '{"name":"gen","tag":"gen"}',
    '{"id":1,"name":"Fern"}',
    false,
    '{"name":"Fern","tag":"gen"}',
  ],
  [
    'exact int64 digits survive the echo',
    '{"name":"x"}',
    '{"name":"x","count":9223372036854775807}',
    true,
    '{"name":"x","count":9223372036854775807}',
  ],
  ['non-object responses are left alone', '[1]', '{"name":"x"}', true, '[1]'],
])('%s', (_name, response, request, dropAbsent, want) => {
  expect(stringifyJson(echoRequest(parse(response), parse(request), plant, dropAbsent))).toBe(want);
});

test('issue 10 item 11: a value is echoed only where the response property accepts it', () => {
  const response = {
    type: 'object',
    properties: { born: { type: 'string', format: 'date-time' }, names: { type: 'array', items: { type: 'string' } } },
  };
  const accepts = (schema: Record<string, unknown>, value: unknown) =>
    schema.type === 'array'
      ? Array.isArray(value)
      : !(typeof value === 'string' && schema.format === 'date-time' && !value.includes('T'));
  const echoed = echoRequest(
    { born: '2024-05-01T12:00:00Z', names: ['a'] },
    { born: '2024-05-01', names: 'a' },
    response,
    true,
    accepts,
  );
  expect(echoed).toEqual({ born: '2024-05-01T12:00:00Z', names: ['a'] });
});
