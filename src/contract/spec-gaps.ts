/**
 * Spec gaps of a run (issue 18, section 1): every response a check called a
 * spec gap (an undocumented status HTTP calls for) is gathered here, one
 * entry per operation and status, with the cases behind it and the bodies
 * seen, so the reports can say "document 404 on findOne, update, remove"
 * and `--spec-gaps` can write the fix as an OpenAPI Overlay. Every request
 * counts, those of shrinking and of stateful sequences too.
 */

import type { CaseResult } from '../core/exchange/types.js';
import type { Finding } from '../core/findings.js';
import { isJsonMediaType, parseMediaType } from '../core/http/media-type.js';
import { parseJson } from '../core/json/exact-json.js';
import { httpRefusalReason } from '../core/response/http-refusals.js';
import type { FailOn, SpecGap } from './types.js';

/**
 * Bodies kept per gap, and how much of each: one per shape (JSON types and
 * keys, or the media type), so a schema inferred from them accepts every
 * answer seen, not only the first few (a 400 whose `message` is a list for
 * one refusal and a string for another).
 */
const MAX_BODIES = 8;
const MAX_BODY_CHARACTERS = 2048;

/** Gathers the spec gaps of the exchanges it is shown. */
export class SpecGapCollector {
  private readonly gaps = new Map<string, SpecGap>();

  /** Take in the spec-gap findings of one executed case. */
  observe(result: CaseResult): void {
    const response = result.exchange.response;
    if (!response) return;
    for (const finding of result.findings) {
      if (finding.class !== 'spec-gap') continue;
      const operation = result.exchange.case.operation;
      const key = `${finding.operation}\u0000${response.status}`;
      let gap = this.gaps.get(key);
      if (!gap) {
        gap = {
          operation: finding.operation,
          method: operation.method,
          path: operation.path,
          pointer: operation.pointer,
          status: response.status,
          reason: httpRefusalReason(result.exchange, response.status) ?? finding.message,
          fix: `document ${response.status} on ${finding.operation}`,
          cases: [],
          responses: 0,
          bodies: [],
        };
        this.gaps.set(key, gap);
      }
      gap.responses += 1;
      if (!gap.cases.includes(result.case.id)) gap.cases.push(result.case.id);
      const mediaType = parseMediaType(response.headers['content-type'])?.essence;
      const body = response.body.slice(0, MAX_BODY_CHARACTERS);
      const shape = shapeOf(mediaType, body);
      if (gap.bodies.length < MAX_BODIES && !gap.bodies.some((seen) => shapeOf(seen.mediaType, seen.body) === shape))
        gap.bodies.push({ mediaType, body });
      // One response, one entry: two spec-gap findings on it (none today) count once.
      break;
    }
  }

  /** The gaps so far, in the order they were first seen. */
  list(): SpecGap[] {
    return [...this.gaps.values()];
  }
}

/** What makes two bodies differ for a schema: the media type, and for JSON the types and keys all the way down. */
function shapeOf(mediaType: string | undefined, body: string): string {
  const parsed = mediaType !== undefined && isJsonMediaType(mediaType) ? parseJson(body) : undefined;
  return `${mediaType ?? ''}\u0000${body === '' ? 'empty' : parsed?.ok ? typeShape(parsed.value) : 'text'}`;
}

function typeShape(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${[...new Set(value.map(typeShape))].sort().join('|')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => `${key}:${typeShape(item)}`)
      .join(',')}}`;
  return typeof value === 'number' && !Number.isInteger(value) ? 'fraction' : typeof value;
}

/** `document 404 on findOne, update, remove`: the fix lines, one per status, operations in the order they were seen. */
export function specGapFixes(gaps: readonly SpecGap[]): Array<{ status: number; line: string }> {
  const byStatus = new Map<number, string[]>();
  for (const gap of gaps) byStatus.set(gap.status, [...(byStatus.get(gap.status) ?? []), gap.operation]);
  return [...byStatus.entries()].map(([status, operations]) => ({
    status,
    line: `document ${status} on ${operations.join(', ')}`,
  }));
}

/** Whether a run with these findings fails under `failOn`: failures always do, spec gaps with `--fail-on spec-gap`. */
export function failsRun(result: { failed: number; specGaps: readonly SpecGap[] }, failOn: FailOn): boolean {
  return result.failed > 0 || (failOn === 'spec-gap' && result.specGaps.length > 0);
}

/** The findings as they count under `failOn`: with `--fail-on spec-gap` a spec gap is an error (so reports of version 1.0 count it too). */
export function withFailOn(findings: Finding[], failOn: FailOn): Finding[] {
  if (failOn !== 'spec-gap' || !findings.some((finding) => finding.class === 'spec-gap')) return findings;
  return findings.map((finding) => (finding.class === 'spec-gap' ? { ...finding, severity: 'error' } : finding));
}
