/**
 * JSON request bodies for the reference apps, parsed with lossless-json so
 * numbers keep their exact text (an int64 or a long decimal comes back as
 * it was sent), and read with JSON Schema's type rules.
 */
import { isLosslessNumber, parse, stringify } from 'lossless-json';
import type { AppRequest } from './app-server.js';
import { mediaEssence } from './request-values.js';

/** A JSON object as parsed. */
export type JsonObject = Record<string, unknown>;

/** The parsed body, or one line saying why there is none (wrong Content-Type, empty, not JSON). */
export function readJsonBody(request: AppRequest): { value: unknown } | { error: string } {
  const essence = mediaEssence(request.headers['content-type']);
  // RFC 8259 section 11: application/json; a +json suffix (RFC 6839 section 3.1) is not what these specs document.
  if (essence !== 'application/json')
    return { error: `Content-Type ${essence || '(none)'} is not accepted; send application/json` };
  if (request.body.length === 0) return { error: 'the request body is required' };
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    return { value: parse(text.decode(request.body)) };
  } catch (error) {
    return { error: `the body is not valid JSON: ${(error as Error).message}` };
  }
}

/** Whether `value` is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** The numeric value of a JSON number, or undefined for anything else. */
export function numberOf(value: unknown): number | undefined {
  return isLosslessNumber(value) ? Number(value.value) : undefined;
}

/** Whether a JSON value is an integer as JSON Schema decides (1.0 is one; 2020-12 core section 4.2.2). */
export function isInteger(value: unknown): boolean {
  const number = numberOf(value);
  return number !== undefined && Number.isInteger(number);
}

/** JSON text of a value that may hold lossless numbers. */
export function jsonText(value: unknown): string {
  return stringify(value) ?? 'null';
}
