/**
 * What `stored-equals-sent` calls "the same value": a server may add
 * members and write a value in another valid form, never another value.
 */
import { expect, test } from 'vitest';
import { differences } from '../../../src/contract/stateful/compare.js';
import { parseJson } from '../../../src/core/json/exact-json.js';

const json = (text: string) => (parseJson(text) as { ok: true; value: Record<string, unknown> }).value;
const schema = {
  type: 'object',
  properties: {
    at: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    name: { type: 'string' },
  },
};

test.each<[string, string, string, string[]]>([
  ['equal', '{"name":"Fern"}', '{"name":"Fern","id":1}', []],
  ['a member missing', '{"name":"Fern"}', '{"id":1}', ['name missing']],
  ['a member changed', '{"name":"Fern"}', '{"name":"fern"}', ['name differs']],
  ['numbers by value (1.0 is 1)', '{"n":1.0}', '{"n":1}', []],
  ['int64 digit for digit', '{"n":9223372036854775807}', '{"n":9223372036854775806}', ['n differs']],
  [
    'the same instant in another form (RFC 3339)',
    '{"at":"2024-05-01T12:00:00Z"}',
    '{"at":"2024-05-01T14:00:00.000+02:00"}',
    [],
  ],
  ['another instant', '{"at":"2024-05-01T12:00:00Z"}', '{"at":"2024-05-01T12:00:01Z"}', ['at differs']],
  [
    'a plain string is not read as a date',
    '{"name":"2024-05-01T12:00:00Z"}',
    '{"name":"2024-05-01T12:00:00.000Z"}',
    ['name differs'],
  ],
  ['nested objects over the members written', '{"care":{"kind":"water"}}', '{"care":{"kind":"water","litres":2}}', []],
  ['arrays item by item', '{"tags":["a","b"]}', '{"tags":["b","a"]}', ['tags differs']],
  ['a null written (a merge patch removal): absent is right', '{"note":null}', '{}', []],
  ['a null written: null is right', '{"note":null}', '{"note":null}', []],
  ['a null written: a value is not', '{"note":null}', '{"note":"x"}', ['note differs']],
])('%s', (_name, written, received, want) => {
  expect(differences(json(written), json(received), schema).map((item) => `${item.name} ${item.kind}`)).toEqual(want);
});
