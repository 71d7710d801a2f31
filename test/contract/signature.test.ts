/** Failure signatures and distinct failures (issue 18 section 3). */
import { describe, expect, test } from 'vitest';
import { distinctFailures, failingSignatures } from '../../src/contract/signature.js';
import type { CaseResult } from '../../src/core/exchange/types.js';
import type { Finding } from '../../src/core/findings.js';

function result(id: string, status: number | 'timeout', findings: Array<Partial<Finding>>): CaseResult {
  const contractCase = { id, operation: { id: 'create' } } as CaseResult['case'];
  return {
    case: contractCase,
    exchange: {
      case: contractCase,
      url: '',
      durationMs: 0,
      ...(status === 'timeout'
        ? { failure: { kind: 'timeout', message: 'slow' } }
        : { response: { status, headers: {}, body: '', truncated: false, invalidUtf8: false } }),
    },
    findings: findings.map((finding) => ({
      check: 'outcome',
      severity: 'error',
      class: 'failure',
      operation: 'create',
      pointer: '',
      message: 'm',
      ...finding,
    })),
    verdict: findings.some((finding) => (finding.severity ?? 'error') === 'error') ? 'failed' : 'passed',
  } as CaseResult;
}

describe('signatures', () => {
  test.each<[string, { given: CaseResult; want: string[] }]>([
    [
      'a 5xx keeps its exact status',
      { given: result('a', 503, [{ check: 'server-error' }]), want: ['create server-error 503'] },
    ],
    ['a 4xx is its class', { given: result('a', 422, [{}]), want: ['create outcome 4xx'] }],
    [
      'the pointer tells schema failures apart',
      {
        given: result('a', 200, [
          { check: 'response-schema', pointer: '/title' },
          { check: 'response-schema', pointer: '/done' },
        ]),
        want: ['create response-schema 2xx /title', 'create response-schema 2xx /done'],
      },
    ],
    [
      'no answer: the transport failure',
      { given: result('a', 'timeout', [{ check: 'transport' }]), want: ['create transport timeout'] },
    ],
    [
      'spec gaps and warnings have none',
      {
        given: result('a', 404, [
          { check: 'status-documented', severity: 'warning', class: 'spec-gap' },
          { check: 'response-schema', severity: 'warning', class: 'warning' },
        ]),
        want: [],
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(failingSignatures(given).map((signature) => signature.key)).toEqual(want);
  });

  test('distinct failures group the failed cases by signature; a case failing two ways is behind both', () => {
    const failures = distinctFailures([
      result('create/generated/positive', 500, [{ check: 'server-error', message: 'a 500' }]),
      result('create/positive/minimal', 422, [{ message: 'refused' }]),
      result('create/positive/full', 500, [{ check: 'server-error' }]),
      result('create/generated/boundary/x', 400, [{ message: 'refused too' }]),
      result('create/positive/both', 200, [
        { check: 'response-schema', pointer: '/id' },
        { check: 'outcome', message: 'accepted' },
      ]),
      result('create/passed', 201, []),
    ]);
    expect(failures.map((failure) => [failure.signature, failure.message, failure.cases])).toEqual([
      ['create server-error 500', 'a 500', ['create/generated/positive', 'create/positive/full']],
      ['create outcome 4xx', 'refused', ['create/positive/minimal', 'create/generated/boundary/x']],
      ['create response-schema 2xx /id', 'm', ['create/positive/both']],
      ['create outcome 2xx', 'accepted', ['create/positive/both']],
    ]);
  });
});
