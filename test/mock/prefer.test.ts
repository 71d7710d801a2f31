import { expect, test } from 'vitest';
import { parsePrefer } from '../../src/mock/prefer.js';

test.each([
  ['absent', undefined, { ok: true, preferences: {} }],
  ['code', 'code=400', { ok: true, preferences: { code: 400 } }],
  [
    'several, spaced, quoted',
    'code=200, example="fern" ,dynamic=true',
    { ok: true, preferences: { code: 200, example: 'fern', dynamic: true } },
  ],
  ['unknown preferences are ignored (RFC 7240)', 'return=minimal, respond-async', { ok: true, preferences: {} }],
  ['parameters after ; are ignored', 'example=fern; lang=en', { ok: true, preferences: { example: 'fern' } }],
  ['bad code', 'code=99', { ok: false, message: 'Prefer: code=99 is not a status code (use e.g. code=400)' }],
  ['bad dynamic', 'dynamic=yes', { ok: false, message: 'Prefer: dynamic=yes must be true or false' }],
  ['empty example', 'example=', { ok: false, message: 'Prefer: example= needs the name of an example' }],
])('%s', (_name, header, want) => {
  expect(parsePrefer(header)).toEqual(want);
});
