/** A change's json text is what JSON.stringify writes for it inside the changes array, or nothing for another shape. */
import { describe, expect, test } from 'vitest';
import { changeJson } from '../../../src/spec-diff/formats/change-json.js';

const location = (file: string, pointer: string, line = 3, column = 7) => ({ file, pointer, line, column });
const change = (fields: Record<string, unknown> = {}) => ({
  id: 'request-property-removed',
  level: 'breaking',
  operation: 'POST /plants',
  pointer: '/paths/~1plants/post',
  side: 'base',
  message: "request body property 'name' was removed",
  location: location('openapi.yaml', '/paths/~1plants/post'),
  headLocation: location('head.yaml', '/paths'),
  ...fields,
});
/** A head-side change as diff-specs.ts makes it: `headLocation` is the `location` record itself. */
function sharedLocation(): Record<string, unknown> {
  const at = location('head.yaml', '/paths/~1plants/post', 12, 5);
  return change({ side: 'head', location: at, headLocation: at });
}
const generic = (value: unknown) => JSON.stringify(value, null, 2).replaceAll('\n', '\n    ');

describe('changeJson', () => {
  test.each<[string, Record<string, unknown>]>([
    ['a plain change', change()],
    ['quotes, backslashes, newlines and control characters', change({ message: 'a "b"\\c\nd\t\u0000\u001f' })],
    ['non-ASCII, U+2028 and a lone surrogate', change({ operation: 'GET /pflanzen/ä 🌿 \u2028', pointer: '/x\ud800' })],
    ['large and negative numbers', change({ location: location('a.yaml', '', 1e21, -0) })],
    ['empty strings', change({ operation: '', message: '' })],
    ['one location record for both (a head-side change)', sharedLocation()],
  ])('%s: as JSON.stringify writes it', (_name, given) => {
    expect(changeJson(given)).toBe(generic(given));
  });

  test.each<[string, unknown]>([
    ['a field more (an ignored change)', { ...change(), reason: 'accepted', ignoredBy: 'ignore.yaml:1:1' }],
    ['a field less', (({ side: _side, ...rest }) => rest)(change())],
    ['another order', (({ id, ...rest }) => ({ ...rest, id }))(change())],
    ['a number where a string goes', change({ message: 42 })],
    ['a missing location', change({ location: undefined })],
    ['a non-finite line', change({ location: location('a.yaml', '', Number.NaN) })],
    ['a location with a field more', change({ headLocation: { ...location('a.yaml', ''), extra: 1 } })],
    [
      'one location record for both, with a field more',
      (() => {
        const at = { ...location('a.yaml', ''), extra: 1 };
        return change({ location: at, headLocation: at });
      })(),
    ],
    ['a toJSON method', { ...change(), toJSON: () => 'x' }],
    ['not an object', 'text'],
    ['null', null],
  ])('%s: no text, written the generic way', (_name, given) => {
    expect(changeJson(given)).toBeUndefined();
  });
});
