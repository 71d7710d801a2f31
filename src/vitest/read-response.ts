/**
 * The responses `toMatchContract` accepts: a fetch Response (read from a
 * clone, so the test can still read it), an undici `request()` result
 * (its body is consumed), or a plain `{ status, headers, body }`.
 */

import type { ReceivedResponse } from '../core/exchange/types.js';
import { flattenHeaders } from '../core/http/flat-headers.js';
import { stringifyJson } from '../core/json/exact-json.js';

/** A fetch Response, an undici ResponseData, or a plain object. */
export type AnyResponse =
  | {
      status: number;
      headers: { get(name: string): string | null; forEach(callback: (value: string, name: string) => void): void };
      clone(): { text(): Promise<string> };
    }
  | { statusCode: number; headers: Record<string, string | string[] | undefined>; body: { text(): Promise<string> } }
  | { status: number; headers?: Record<string, string>; body?: unknown };

/** Normalise any supported response into what the checks read. */
export async function readResponse(response: AnyResponse): Promise<ReceivedResponse> {
  if ('statusCode' in response) {
    return {
      status: response.statusCode,
      // A hand-made ResponseData may write names in any case (undici's own are lower-case).
      headers: lowerCaseNames(flattenHeaders(response.headers)),
      body: await response.body.text(),
      truncated: false,
      invalidUtf8: false,
    };
  }
  if ('clone' in response && typeof response.clone === 'function') {
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    return {
      status: response.status,
      headers,
      body: await response.clone().text(),
      truncated: false,
      invalidUtf8: false,
    };
  }
  const plain = response as { status: number; headers?: Record<string, string>; body?: unknown };
  const headers = lowerCaseNames(plain.headers ?? { 'content-type': 'application/json' });
  const body = plain.body === undefined ? '' : typeof plain.body === 'string' ? plain.body : stringifyJson(plain.body);
  return { status: plain.status, headers, body, truncated: false, invalidUtf8: false };
}

function lowerCaseNames(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
