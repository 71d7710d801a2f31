/**
 * Issue 14: the runner against correct, hand-written servers of richer specs
 * (several operations, 204, 422, default, response headers, cookies, apiKey
 * OR Basic, apiKey AND bearer, form, multipart, XML, a servers path, 3.0,
 * 3.1, Swagger 2.0) reports nothing; against a broken variant of each, the
 * right check fails.
 */
import { describe, expect, test } from 'vitest';
import type { ContractOptions } from '../../src/contract/options.js';
import type { RunResult } from '../../src/contract/types.js';
import { failures, runAgainst, TARGETS, type Target } from '../support/rich-targets.js';

/** A run against `variant` of `target` (test/support/rich-targets.ts). */
const run = (
  target: Target,
  variant: string,
  pinned = true,
  extra: Partial<ContractOptions> = {},
): Promise<RunResult> => runAgainst(target, variant, pinned, extra);

describe('correct servers: zero findings (no false alarms)', () => {
  test.each([
    ['catalog', 'correct'],
    ['catalog', 'auth-403'],
    ['catalog', 'charset'],
    ['catalog', 'slow-100ms'],
    ['catalog', 'empty-catalog'],
    ['forms', 'correct'],
    ['forms', 'prefers-json'],
    ['forms', 'absolute-redirect'],
    ['pots', 'correct'],
    ['pots', 'auth-403'],
    ['greenhouse', 'correct'],
    ['greenhouse', 'auth-403'],
    ['greenhouse', 'charset'],
  ])('%s %s', async (name, variant) => {
    // Every answer takes 100 ms: a small time budget keeps the generated cases to a few seconds.
    const result = await run(
      TARGETS[name as keyof typeof TARGETS],
      variant,
      true,
      variant === 'slow-100ms' ? { operationBudgetMs: 1_000 } : {},
    );
    expect(failures(result)).toEqual([]);
    expect(result.passed).toBeGreaterThan(10);
  });
});

describe('an undocumented 4xx for invalid input is a spec gap, not a failure (issue 14 item 8, issue 18 section 1)', () => {
  test('catalog answers 400 where the spec documents 422: one spec gap per operation and status, the run passes', async () => {
    const result = await run(TARGETS.catalog!, 'invalid-400');
    expect(failures(result)).toEqual([]);
    const gapFindings = result.results.flatMap((item) =>
      item.findings.filter((finding) => finding.class === 'spec-gap' && finding.check === 'status-documented'),
    );
    expect(gapFindings.length).toBeGreaterThan(0);
    // Spec gaps never fail the run by default: they carry severity warning.
    expect(gapFindings.every((finding) => finding.severity === 'warning')).toBe(true);
    const createPlant = result.specGaps.filter((gap) => gap.operation === 'createPlant' && gap.status === 400);
    expect(createPlant.map((gap) => [gap.status, gap.fix, gap.reason])).toEqual([
      [400, 'document 400 on createPlant', 'the request was invalid'],
    ]);
    expect(createPlant[0]!.cases.length).toBeGreaterThan(1);
    const keys = result.specGaps.map((gap) => `${gap.operation} ${gap.status}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('broken servers: caught by the right check', () => {
  test.each([
    ['catalog', 'no-total-count', 'response-headers'],
    ['catalog', 'no-location', 'response-headers'],
    ['catalog', 'total-count-many', 'response-headers'],
    ['catalog', 'wrong-problem-shape', 'response-schema'],
    ['catalog', 'health-html', 'content-type'],
    ['catalog', 'truncated-json', 'json-body'],
    ['forms', 'malformed-xml', 'body-syntax'],
    ['forms', 'accepts-zero-packets', 'outcome'],
    ['forms', 'lax-deep-object', 'outcome'],
    ['forms', 'meta-500', 'server-error'],
    ['pots', 'ignores-api-key', 'outcome'],
    ['pots', 'invalid-json', 'json-body'],
    ['greenhouse', 'accepts-wrong-password', 'outcome'],
    ['greenhouse', 'and-as-or', 'outcome'],
    ['greenhouse', 'hangs-up', 'transport'],
  ])('%s %s -> %s', async (name, variant, check) => {
    const result = await run(TARGETS[name as keyof typeof TARGETS], variant);
    expect(failures(result).some((line) => line.includes(`: ${check} `))).toBe(true);
  });
});
