import { expect, test } from 'vitest';
import { flattenHeaders } from '../../../src/core/http/flat-headers.js';

test.each([
  [
    'one value each',
    { given: { accept: 'application/json', 'x-a': '1' }, want: { accept: 'application/json', 'x-a': '1' } },
  ],
  [
    'repeated fields joined with a comma (RFC 9110 section 5.3)',
    { given: { 'x-trace': ['one', 'two'] }, want: { 'x-trace': 'one, two' } },
  ],
  ['absent values left out', { given: { 'x-a': undefined, 'x-b': 'b' }, want: { 'x-b': 'b' } }],
  ['names kept as given', { given: { 'X-Mixed': 'v' }, want: { 'X-Mixed': 'v' } }],
  ['an empty value kept', { given: { 'x-empty': '' }, want: { 'x-empty': '' } }],
])('%s', (_name, { given, want }) => {
  expect(flattenHeaders(given)).toEqual(want);
});
