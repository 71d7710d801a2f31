import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SpecError } from '../../../src/core/errors.js';
import { resolveSchema } from '../../../src/core/spec/circular-refs.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';

const fixture = (name: string) => path.join(import.meta.dirname, '../../fixtures/specs', name);

describe('loadSpec accepts OpenAPI 3.0 and 3.1', () => {
  test('the bundled openapi.yaml (3.1)', async () => {
    const spec = await loadSpec('openapi.yaml');
    expect(spec).toMatchObject({ version: '3.1', openapi: '3.1.0', title: 'Plant Store', apiVersion: '1.0.0' });
    expect(spec.operations.map((operation) => [operation.id, operation.method, operation.path])).toEqual([
      ['addPlant', 'POST', '/plants'],
    ]);
    const [operation] = spec.operations;
    expect(operation!.responses.map((response) => response.status)).toEqual(['200', '400']);
    expect(operation!.security).toEqual([
      [{ name: 'bearerAuth', type: 'http', scheme: 'bearer', in: undefined, parameterName: undefined, scopes: [] }],
    ]);
    expect(operation!.requestBody?.required).toBe(true);
    expect(operation!.requestBody?.content[0]?.examples.map((example) => example.name)).toEqual(['monstera', 'fern']);
  });

  test('a 3.0.3 document', async () => {
    const spec = await loadSpec(fixture('plant-store-3.0.yaml'));
    expect(spec.version).toBe('3.0');
    expect(spec.operations[0]?.requestBody?.content[0]?.examples[0]).toMatchObject({
      name: 'example',
      value: { id: 10 },
    });
  });

  test('circular schemas load, keep a local $ref, and resolve for walkers', async () => {
    const spec = await loadSpec(fixture('circular.yaml'));
    const schema = spec.operations[0]?.requestBody?.content[0]?.schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/Node' });
    expect(resolveSchema(schema)).toMatchObject({
      required: ['name'],
      properties: { children: { items: { $ref: '#/components/schemas/Node' } } },
    });
  });

  test('Swagger 2.0 is converted to 3.0 on load (issue 10 item 10)', async () => {
    const spec = await loadSpec(fixture('swagger2.yaml'));
    expect(spec).toMatchObject({ version: '3.0', convertedFrom: '2.0', title: 'Old', operations: [] });
  });

  test('external $refs inside the spec folder are followed', async () => {
    const spec = await loadSpec(fixture('refs/inside.yaml'));
    expect(spec.operations[0]?.requestBody?.content[0]?.schema).toMatchObject({ required: ['name'] });
  });
});

test('header parameters named Accept, Content-Type or Authorization are ignored, as OAS 4.8.12.1 says (VTEX declares them)', async () => {
  const header = (name: string) => ({ name, in: 'header', required: true, schema: { type: 'string' } });
  const spec = await loadSpec({
    document: {
      openapi: '3.0.3',
      info: { title: 'Users', version: '1' },
      paths: {
        '/users/{id}': {
          parameters: [header('Accept')],
          get: {
            operationId: 'getUser',
            parameters: [
              { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
              header('Content-Type'),
              header('authorization'),
              header('X-Tenant'),
            ],
            responses: { '200': { description: 'The user' } },
          },
        },
      },
    },
  });
  expect(spec.operations[0]!.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
    'path:id',
    'header:X-Tenant',
  ]);
});

describe('loadSpec refuses what it must not read, with a clear message', () => {
  const cases: Array<[string, { file: string; code: string; message: RegExp }]> = [
    [
      '$ref leaving the folder',
      {
        file: 'refs/outside.yaml',
        code: 'PLANTKIT_SPEC_REF_REFUSED',
        message: /external \$ref to .*plant-store-3\.0\.yaml refused: it leaves the spec's folder/,
      },
    ],
    [
      '$ref to a URL',
      {
        file: 'refs/url.yaml',
        code: 'PLANTKIT_SPEC_REF_REFUSED',
        message: /external \$ref to https:\/\/example\.com\/schemas\/plant\.yaml refused: it is a URL/,
      },
    ],
    [
      '$ref to an absolute path',
      { file: 'refs/absolute.yaml', code: 'PLANTKIT_SPEC_REF_REFUSED', message: /\/etc\/passwd refused/ },
    ],
    [
      'a symbolic link leading out of the folder',
      {
        file: 'links/spec.yaml',
        code: 'PLANTKIT_SPEC_REF_REFUSED',
        message: /outside-link\.yaml refused: it is a link that leads out of the spec's folder/,
      },
    ],
    [
      'YAML aliases that expand without bound',
      {
        file: 'alias-bomb.yaml',
        code: 'PLANTKIT_SPEC_INVALID',
        message: /alias-bomb\.yaml: not valid YAML or JSON: Excessive alias count .* \(aliases expand too far\)/,
      },
    ],
    [
      'missing file',
      { file: 'nope.yaml', code: 'PLANTKIT_SPEC_UNREADABLE', message: /cannot read spec .*nope\.yaml: no such file/ },
    ],
    [
      'a directory',
      { file: 'refs', code: 'PLANTKIT_SPEC_UNREADABLE', message: /cannot read spec .*refs: it is a directory/ },
    ],
    [
      'invalid YAML',
      {
        file: 'invalid-yaml.yaml',
        code: 'PLANTKIT_SPEC_INVALID',
        message: /invalid-yaml\.yaml:3:10: not valid YAML or JSON: Nested mappings are not allowed/,
      },
    ],
    ['Swagger 1.2', { file: 'swagger1.yaml', code: 'PLANTKIT_SPEC_INVALID', message: /Swagger 1\.2 is not supported/ }],
    [
      'a Swagger 2.0 structure problem, at its line in the 2.0 file',
      {
        file: 'swagger2-invalid.yaml',
        code: 'PLANTKIT_SPEC_INVALID',
        message: /swagger2-invalid\.yaml:14:\d+: invalid OpenAPI document at \/definitions\/Pet\/required: /,
      },
    ],
    [
      'not a mapping',
      {
        file: 'not-a-mapping.yaml',
        code: 'PLANTKIT_SPEC_INVALID',
        message: /expected an OpenAPI document \(a mapping\), found a list/,
      },
    ],
    [
      'structure',
      {
        file: 'invalid-structure.yaml',
        code: 'PLANTKIT_SPEC_INVALID',
        message:
          /invalid-structure\.yaml:8:\d+: invalid OpenAPI document at \/paths\/~1plants\/post\/responses\/200: missing required field 'description'/,
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { file, code, message }) => {
    const error = await loadSpec(fixture(file)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).code).toBe(code);
    expect((error as SpecError).message).toMatch(message);
  });

  test('--allow-external-refs lets a trusted spec leave its folder', async () => {
    const spec = await loadSpec(fixture('refs/outside.yaml'), { allowExternalRefs: true });
    expect(spec.operations[0]?.responses[0]?.content[0]?.schema).toMatchObject({ required: ['name'] });
  });
});
