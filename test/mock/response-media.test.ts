import { expect, test } from 'vitest';
import type { OperationResponse } from '../../src/core/spec/types.js';
import { chooseMedia } from '../../src/mock/response-media.js';

function response(...mediaTypes: string[]): OperationResponse {
  return {
    status: '200',
    content: mediaTypes.map((mediaType) => ({ mediaType, examples: [], encoding: {} })),
    headers: [],
  } as unknown as OperationResponse;
}

test.each([
  [
    'no Accept: the first documented',
    { given: [['application/json', 'text/plain'], undefined], want: 'application/json' },
  ],
  ['the one asked for', { given: [['application/json', 'text/plain'], 'text/plain'], want: 'text/plain' }],
  ['q decides', { given: [['application/json', 'text/plain'], 'application/json;q=0.2, text/*'], want: 'text/plain' }],
  ['a wildcard key made concrete', { given: [['*/*'], 'image/png'], want: 'image/png' }],
  ['a key that is no media type', { given: [['xls'], 'application/json'], want: 'xls' }],
  ['nothing acceptable', { given: [['application/json'], 'text/html'], want: undefined }],
] as const)('%s', (_name, { given: [documented, accept], want }) => {
  const chosen = chooseMedia(response(...documented), accept);
  expect(chosen?.key).toBe(want);
  if (chosen) expect(chosen.mediaType.essence).toBe(want === 'xls' ? 'xls' : want);
});

test('the same answer every time, the content entry it names, for any number of Accept values', () => {
  const documented = response('application/json', 'application/*');
  const first = chooseMedia(documented, 'application/xml');
  expect(first).toMatchObject({ key: 'application/xml', media: documented.content[1] });
  // More Accept values than the memo keeps: it starts over, and answers stay the same.
  for (let index = 0; index < 200; index += 1)
    expect(chooseMedia(documented, `application/x-${index}`)?.key).toBe(`application/x-${index}`);
  expect(chooseMedia(documented, 'application/xml')).toEqual(first);
  expect(chooseMedia(documented, 'application/json')?.media).toBe(documented.content[0]);
});
