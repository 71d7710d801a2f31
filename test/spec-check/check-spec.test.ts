/**
 * spec check's structure, examples and schemas checks on fixtures: every problem,
 * each at its file, line and column (rule, pointer as written, line, column).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkSpec } from '../../src/spec-check/check-spec.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-check');
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** [fixture, [rule, pointer, line, column] of every finding, in file order] */
/** The 3.0 and 3.1 structure fixtures hold the same mistakes and must report them identically. */
const STRUCTURE_FINDINGS: Array<[string, string, number, number]> = [
  ['schema', '/info', 3, 3],
  ['path-parameters', '/paths/~1plants~1{id}/post', 13, 7],
  ['schema', '/paths/~1plants~1{id}/post/parameters/0/bogus', 18, 18],
  ['schema', '/paths/~1plants~1{id}/post/responses/200', 21, 11],
  ['operation-id-unique', '/paths/~1x/get/operationId', 27, 20],
  ['schema', '/components/schemas/P/properties/a/type', 35, 20],
  ['schema', '/components/schemas/P/properties/b/minLength', 36, 39],
];

const CASES: Array<[string, Array<[string, string, number, number]>]> = [
  [
    'examples-31.yaml',
    [
      ['example-matches-schema', '/paths/~1accounts/post/parameters/0/examples/tooBig/value', 19, 22],
      [
        'example-matches-schema',
        '/paths/~1accounts/post/requestBody/content/application~1json/examples/missingWriteOnlyPassword/value',
        29,
        24,
      ],
      [
        'example-matches-schema',
        '/paths/~1accounts/post/responses/200/content/application~1json/examples/missingReadOnlyId/value',
        41,
        26,
      ],
      ['example-matches-schema', '/components/schemas/Account/properties/nickname/examples/2', 65, 33],
      ['example-matches-schema', '/components/schemas/Error/example', 79, 16],
    ],
  ],
  [
    'examples-30.yaml',
    [
      [
        'example-matches-schema',
        '/paths/~1plants/get/responses/200/content/application~1json/examples/nullName/value/name',
        20,
        34,
      ],
      ['example-matches-schema', '/components/schemas/Plant/properties/tag/example', 33, 20],
    ],
  ],
  ['server-variables-31.yaml', [['schema', '/servers/1/variables/port/descriptions', 15, 23]]],
  ['structure-30.yaml', STRUCTURE_FINDINGS],
  ['structure-31.yaml', STRUCTURE_FINDINGS],
  [
    'broken-refs.yaml',
    [
      ['ref', '/paths/~1x/get/responses/200/content/application~1json/schema', 12, 17],
      ['ref', '/paths/~1x/get/responses/400', 14, 11],
      ['ref', '/components/schemas/A', 17, 8],
    ],
  ],
  // The schemas check: each contradiction once, and the near misses after them (typeless or nullable bounds,
  // a listed null, an integer branch of a number, an untyped branch, an enum with one fitting value) silent.
  [
    'contradictions-31.yaml',
    [
      ['schema-enum-outside-type', '/paths/~1items/get/parameters/0/schema/enum', 13, 19],
      [
        'schema-type-excludes-branches',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/nullOnly/oneOf',
        24,
        28,
      ],
      [
        'schema-bounds-crossed',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/crossed/minimum',
        27,
        30,
      ],
      [
        'schema-bounds-crossed',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/touching/exclusiveMinimum',
        31,
        39,
      ],
      [
        'schema-bounds-crossed',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/short/minLength',
        35,
        32,
      ],
      [
        'schema-bounds-crossed',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/fewItems/minItems',
        39,
        31,
      ],
      [
        'schema-enum-outside-type',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/wrongConst/const',
        43,
        28,
      ],
      [
        'schema-type-excludes-branches',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/stringAndNumber/allOf/0',
        46,
        29,
      ],
    ],
  ],
  [
    'contradictions-30.yaml',
    [
      [
        'schema-bounds-crossed',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/touching/exclusiveMinimum',
        19,
        39,
      ],
      [
        'schema-enum-outside-type',
        '/paths/~1items/get/responses/200/content/application~1json/schema/properties/enumNotString/enum',
        23,
        27,
      ],
    ],
  ],
];

describe('spec check: structure, examples and schemas', () => {
  it.each(CASES)('%s', async (file, want) => {
    const result = await checkSpec(file, { cwd: fixtures, skip: ['lint'] });
    expect(result.findings.map((finding) => [finding.rule, finding.pointer, finding.line, finding.column])).toEqual(
      want,
    );
    for (const finding of result.findings) expect(finding.file).toBe(file);
  });

  it('says which direction an example was checked in, and what was received', async () => {
    const result = await checkSpec('examples-31.yaml', { cwd: fixtures, skip: ['lint'] });
    expect(result.findings[1]).toMatchObject({
      check: 'examples',
      severity: 'error',
      operation: 'createAccount',
      message:
        "request body of createAccount: example 'missingWriteOnlyPassword' value must have required property 'password'",
    });
    expect(result.findings[0]?.received).toBe('3000000000 (integer)');
  });

  it('finds nothing in the project spec', async () => {
    const result = await checkSpec('openapi.yaml', { cwd: root, skip: ['lint'] });
    expect(result.findings).toEqual([]);
    expect(result.version).toBe('3.1');
  });

  it.each([
    ['a missing file', 'nope.yaml', 'PLANTKIT_SPEC_UNREADABLE', /cannot read spec nope.yaml: no such file/],
    ['a directory', '.', 'PLANTKIT_SPEC_UNREADABLE', /it is a directory/],
    ['invalid YAML', '../spec-check-bad/not-yaml.txt', 'PLANTKIT_SPEC_INVALID', /not valid YAML or JSON/],
    [
      'not an OpenAPI document',
      '../spec-check-bad/not-openapi.yaml',
      'PLANTKIT_SPEC_INVALID',
      /field 'openapi' is missing/,
    ],
    [
      'a $ref the policy refuses (among unresolved ones)',
      '../spec-check-bad/url-ref.yaml',
      'PLANTKIT_SPEC_REF_REFUSED',
      /external \$ref to https:\/\/example\.com\/schema\.yaml refused: it is a URL/,
    ],
  ])('%s is a fault, not a finding', async (_name, file, code, message) => {
    const failure = checkSpec(file, { cwd: fixtures });
    await expect(failure).rejects.toMatchObject({ code });
    await expect(failure).rejects.toThrow(message);
  });

  it('applies the $ref policy before Spectral resolves anything, even when lint runs alone', async () => {
    const failure = checkSpec('../spec-check-bad/url-ref.yaml', { cwd: fixtures, skip: ['structure', 'examples'] });
    await expect(failure).rejects.toMatchObject({ code: 'PLANTKIT_SPEC_REF_REFUSED' });
  });

  it('rejects an unknown check id', async () => {
    await expect(checkSpec('examples-30.yaml', { cwd: fixtures, skip: ['lnt'] })).rejects.toMatchObject({
      code: 'PLANTKIT_USAGE',
    });
  });
});

describe('Swagger 2.0 (issue 10 item 10: every job reads it)', () => {
  it('checked in its OpenAPI 3.0 form, with positions in the 2.0 file', async () => {
    const result = await checkSpec('test/fixtures/specs/swagger2-invalid.yaml', { skip: ['lint'] });
    expect(result).toMatchObject({ version: '3.0', convertedFrom: '2.0' });
    expect(
      result.findings.map(
        (finding) =>
          `${finding.line}:${finding.column} ${finding.check}/${finding.rule} ${finding.pointer} ${finding.message}`,
      ),
    ).toEqual(['14:15 structure/schema /definitions/Pet/required must be array']);
  });
});
