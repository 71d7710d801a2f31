import { describe, expect, test } from 'vitest';
import { checkCaseFilter, createCaseSelector } from '../../src/contract/case-filter.js';
import { UsageError } from '../../src/core/errors.js';

const OPERATIONS = ['addPlant', 'GET /plants/{id}'];
const IDS = [
  'addPlant/positive/minimal',
  'addPlant/auth/missing',
  'addPlant/auth/empty-token',
  'addPlant/auth/wrong-token',
  'addPlant/authz/x',
  'addPlant/generated/boundary/name/long-ascii',
  'addPlant/generated/positive',
  'GET /plants/{id}/auth/missing',
];

describe('--only / --skip match ids as printed, with or without the operation', () => {
  const cases: Array<[string, { only?: string[]; skip?: string[]; want: string[] }]> = [
    [
      '--skip as the console prints it',
      { skip: ['auth/wrong-token'], want: IDS.filter((id) => id !== 'addPlant/auth/wrong-token') },
    ],
    [
      '--skip with the operation',
      { skip: ['addPlant/auth/wrong-token'], want: IDS.filter((id) => id !== 'addPlant/auth/wrong-token') },
    ],
    [
      'a prefix selects whole segments only (auth, not authz)',
      {
        only: ['addPlant/auth'],
        want: ['addPlant/auth/missing', 'addPlant/auth/empty-token', 'addPlant/auth/wrong-token'],
      },
    ],
    [
      'a trailing slash is the same prefix',
      {
        only: ['auth/'],
        want: [
          'addPlant/auth/missing',
          'addPlant/auth/empty-token',
          'addPlant/auth/wrong-token',
          'GET /plants/{id}/auth/missing',
        ],
      },
    ],
    [
      '* within a segment',
      { only: ['auth/*-token'], want: ['addPlant/auth/empty-token', 'addPlant/auth/wrong-token'] },
    ],
    ['*/ for any operation', { only: ['*/auth/missing'], want: ['addPlant/auth/missing'] }],
    ['** across segments', { only: ['generated/**/long-*'], want: ['addPlant/generated/boundary/name/long-ascii'] }],
    ['an operation without operationId', { only: ['GET /plants/{id}'], want: ['GET /plants/{id}/auth/missing'] }],
    [
      '--only and --skip together',
      { only: ['generated'], skip: ['generated/positive'], want: ['addPlant/generated/boundary/name/long-ascii'] },
    ],
  ];
  test.each(cases)('%s', (_name, { only = [], skip = [], want }) => {
    const selected = createCaseSelector({ only, skip }, OPERATIONS);
    expect(IDS.filter(selected)).toEqual(want);
    expect(() => checkCaseFilter({ only, skip }, OPERATIONS, IDS)).not.toThrow();
  });
});

describe('a filter that selects nothing is a usage error naming the valid prefixes', () => {
  test.each([
    ['--only nothing', { only: ['nothing'], skip: [] }, '--only nothing matches no case'],
    ['a --skip typo', { only: [], skip: ['auth/wrong-tokn'] }, '--skip auth/wrong-tokn matches no case'],
    [
      'skipping everything that --only selects',
      { only: ['auth'], skip: ['auth'] },
      '--only and --skip leave no case to run',
    ],
  ])('%s', (_name, filter, message) => {
    const run = () => checkCaseFilter(filter, OPERATIONS, IDS);
    expect(run).toThrow(UsageError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect((error as UsageError).hint).toBe(
        'case ids start with addPlant/positive, addPlant/auth, addPlant/authz, addPlant/generated, GET /plants/{id}/auth; the operation may be left out, and * matches within a segment',
      );
    }
  });
});
