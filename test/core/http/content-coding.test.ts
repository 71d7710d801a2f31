import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { decodeContent } from '../../../src/core/http/content-coding.js';

const body = Buffer.from('{"name":"Fern"}');
const MiB = 1024 * 1024;

describe('Content-Encoding is undone as clients do', () => {
  test.each([
    ['none', undefined, body],
    ['identity', 'identity', body],
    ['gzip', 'gzip', gzipSync(body)],
    ['x-gzip', 'x-gzip', gzipSync(body)],
    ['deflate (zlib)', 'deflate', deflateSync(body)],
    ['deflate sent raw, as browsers accept', 'deflate', deflateRawSync(body)],
    ['br', 'br', brotliCompressSync(body)],
    ['stacked, undone last first', 'deflate, gzip', gzipSync(deflateSync(body))],
    ['case-insensitive', 'GZIP', gzipSync(body)],
  ])('%s', (_name, encoding, bytes) => {
    expect(decodeContent(bytes, encoding, MiB)).toEqual({ bytes: body });
  });

  test('an empty body labelled gzip (a 204) is empty', () => {
    expect(decodeContent(Buffer.alloc(0), 'gzip', MiB)).toEqual({ bytes: Buffer.alloc(0) });
  });
});

describe('what a client cannot decode is a transport failure', () => {
  test.each([
    [
      'a plain body labelled gzip',
      body,
      'gzip',
      'encoding',
      /^response body labelled Content-Encoding 'gzip' does not decode: /,
    ],
    [
      'an unknown coding',
      body,
      'zstd',
      'encoding',
      /^Content-Encoding 'zstd' is not one clients decode \(gzip, deflate, br\)$/,
    ],
    [
      'a gzip bomb beyond the body cap',
      gzipSync(Buffer.alloc(2 * MiB)),
      'gzip',
      'too-large',
      /^response body is larger than 1 MiB once decoded \(gzip\)/,
    ],
  ])('%s', (_name, bytes, encoding, kind, message) => {
    const decoded = decodeContent(bytes, encoding, MiB);
    expect(decoded).toMatchObject({ failure: { kind } });
    expect('failure' in decoded && decoded.failure.message).toMatch(message);
  });
});
