/**
 * A contract case's exchanges as HTTP Archive 1.2 entries
 * (http://www.softwareishard.com/blog/har-12-spec/, "entries"): the case's
 * request and response, and for a stateful sequence every step's request
 * with the status it got (the runner keeps only a failing step's body).
 * Every URL, header and body goes through the JSON report's redaction.
 * Fields the runner does not measure are -1 or left out, as the spec says;
 * plantkit's own fields start with an underscore (spec: "custom fields").
 */
import { STATUS_CODES } from 'node:http';
import { createRedactor, redactHeaders, redactUrl, type Secret } from '../core/exchange/redact.js';
import type { CaseRequest, CaseResult, ReceivedResponse, TransportFailure } from '../core/exchange/types.js';

/** A name/value pair (HAR `headers`, `queryString`, `cookies`). */
interface HarPair {
  name: string;
  value: string;
}

/** One HAR entry; its shape is test/fixtures/har/har-1.2.schema.json. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarPair[];
    headers: HarPair[];
    queryString: HarPair[];
    postData?: { mimeType: string; params: HarPair[]; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarPair[];
    headers: HarPair[];
    content: { size: number; mimeType: string; text?: string; encoding?: string; comment?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
    /** Chrome's field for a request that got no response. */
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment: string;
  /** plantkit's case id and verdict, for a viewer's filter box. */
  _plantkit: { case: string; kind: string; verdict: string; step?: number };
}

/** Bodies beyond this many characters are cut (the curl line in the JSON report replays the whole request). */
const MAX_TEXT = 1024 * 1024;

/** The entries of one case result; `finishedAt` is when the runner recorded it. Skipped cases have none. */
export function harEntries(result: CaseResult, secrets: readonly Secret[], finishedAt: Date): HarEntry[] {
  const { case: sent, exchange } = result;
  if (result.verdict === 'skipped' && !exchange.response && !exchange.failure) return [];
  const redact = createRedactor(secrets);
  const label = { case: sent.id, kind: sent.kind, verdict: result.verdict };
  if (result.sequence) {
    const steps = result.sequence.steps;
    return steps.map((step, index) => ({
      ...timing(finishedAt, 0),
      request: harRequest(step.request, step.url, secrets),
      response: stepResponse(step.status),
      cache: {},
      comment: redact(
        `${sent.id}: step ${index + 1} of ${steps.length}: ${step.title}${step.failed ? ' (failed)' : ''}`,
      ),
      _plantkit: { ...label, step: index + 1 },
    }));
  }
  const findings = result.findings.map((finding) => `${finding.class}: ${finding.check}: ${finding.message}`);
  return [
    {
      ...timing(finishedAt, exchange.durationMs),
      request: harRequest(sent.request, exchange.url, secrets),
      response: exchange.response
        ? harResponse(exchange.response, redact)
        : failureResponse(exchange.failure ?? { kind: 'connection', message: 'no response' }),
      cache: {},
      comment: redact([`${sent.id}: ${sent.title} (${result.verdict})`, ...findings].join('\n')),
      _plantkit: label,
    },
  ];
}

function timing(finishedAt: Date, durationMs: number): Pick<HarEntry, 'startedDateTime' | 'time' | 'timings'> {
  const time = Math.max(0, Math.round(durationMs * 1000) / 1000);
  // The client measures the whole exchange: it is the wait, as a browser shows a request it cannot split.
  return {
    startedDateTime: new Date(finishedAt.getTime() - time).toISOString(),
    time,
    timings: { send: 0, wait: time, receive: 0 },
  };
}

function harRequest(request: CaseRequest, url: string, secrets: readonly Secret[]): HarEntry['request'] {
  const redact = createRedactor(secrets);
  const shownUrl = redactUrl(url, secrets);
  const headers = pairs(redactHeaders(request.headers, redact));
  const body = request.body;
  const mimeType = request.headers['content-type'] ?? 'application/octet-stream';
  return {
    method: request.method,
    url: shownUrl,
    httpVersion: 'HTTP/1.1',
    cookies: cookiePairs(request.headers.cookie, redact),
    headers,
    queryString: queryPairs(shownUrl),
    ...(body === undefined ? {} : { postData: { mimeType, params: [], text: cut(redact(body)) } }),
    headersSize: -1,
    bodySize: body === undefined ? 0 : Buffer.byteLength(body),
  };
}

function harResponse(response: ReceivedResponse, redact: (text: string) => string): HarEntry['response'] {
  const mimeType = response.headers['content-type'] ?? '';
  // A body read as bytes (images, files) goes as base64, as the spec allows; text is kept as text.
  const binary = response.bytes !== undefined && response.invalidUtf8;
  const text = binary ? response.bytes!.toString('base64') : cut(redact(response.body));
  const size = response.bytes?.length ?? Buffer.byteLength(response.body);
  const notes = [
    response.truncated ? 'the body was longer: the runner read only its first bytes' : '',
    text.length < response.body.length && !binary ? `cut at ${MAX_TEXT} characters` : '',
  ].filter(Boolean);
  return {
    status: response.status,
    statusText: STATUS_CODES[response.status] ?? '',
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: pairs(redactHeaders(response.headers, redact)),
    content: {
      size,
      mimeType,
      text,
      ...(binary ? { encoding: 'base64' } : {}),
      ...(notes.length > 0 ? { comment: notes.join('; ') } : {}),
    },
    redirectURL: response.headers.location ?? '',
    headersSize: -1,
    bodySize: size,
  };
}

/** A request that got no response: status 0 and the reason, as browsers export a failed request. */
function failureResponse(failure: TransportFailure): HarEntry['response'] {
  return {
    ...stepResponse(undefined),
    _error: `${failure.kind}: ${failure.message}`,
  };
}

/** A stateful step: its status only (the sequence keeps no bodies). */
function stepResponse(status: number | undefined): HarEntry['response'] {
  return {
    status: status ?? 0,
    statusText: status === undefined ? '' : (STATUS_CODES[status] ?? ''),
    httpVersion: status === undefined ? '' : 'HTTP/1.1',
    cookies: [],
    headers: [],
    content: { size: -1, mimeType: '', comment: 'not kept for sequence steps' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
  };
}

function pairs(headers: Record<string, string>): HarPair[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function queryPairs(url: string): HarPair[] {
  try {
    return [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

/** `a=1; b=2` (RFC 6265 section 4.2.1) as pairs, values already redacted. */
function cookiePairs(header: string | undefined, redact: (text: string) => string): HarPair[] {
  if (!header) return [];
  return redact(header)
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.includes('='))
    .map((part) => ({ name: part.slice(0, part.indexOf('=')), value: part.slice(part.indexOf('=') + 1) }));
}

function cut(text: string): string {
  return text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
}
