import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { parseJson } from '../../../src/core/json/exact-json.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { LoadedSpec } from '../../../src/core/spec/types.js';
import { compileValidators, type SpecValidators } from '../../../src/core/validation/compile-validators.js';

const fixture = (name: string) => path.join(import.meta.dirname, '../../fixtures/specs', name);
const errorsOf = (
  validate: ((value: unknown) => Array<{ pointer: string; keyword: string; message: string }>) | undefined,
  text: string,
) => {
  const parsed = parseJson(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return validate!(parsed.value).map((violation) => `${violation.pointer} ${violation.message}`);
};

describe('the bundled openapi.yaml', () => {
  let spec: LoadedSpec;
  let validators: SpecValidators;
  beforeAll(async () => {
    spec = await loadSpec('openapi.yaml');
    validators = compileValidators(spec);
  });

  test('every request example validates against the request schema', () => {
    const [operation] = spec.operations;
    const media = operation!.requestBody!.content[0]!;
    expect(media.examples.length).toBeGreaterThan(0);
    for (const example of media.examples)
      expect(validators.request(operation!.id, media.mediaType)!(example.value), example.name).toEqual([]);
  });

  test('every response example validates against the schema of its status', () => {
    const [operation] = spec.operations;
    let checked = 0;
    for (const response of operation!.responses) {
      for (const media of response.content) {
        for (const example of media.examples) {
          expect(
            validators.response(operation!.id, Number(response.status), media.mediaType)!(example.value),
            `${response.status} ${example.name}`,
          ).toEqual([]);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  const request: Array<[string, { body: string; want: string[] }]> = [
    ['minimal NewPlant', { body: '{"id":1,"name":"Fern"}', want: [] }],
    ['int64 max', { body: '{"id":9223372036854775807,"name":"x"}', want: [] }],
    ['int64 min', { body: '{"id":-9223372036854775808,"name":"x"}', want: [] }],
    [
      'int64 max + 1',
      {
        body: '{"id":9223372036854775808,"name":"x"}',
        want: ['/id must be an integer within int64 (-9223372036854775808 to 9223372036854775807)'],
      },
    ],
    [
      'int64 min - 1',
      {
        body: '{"id":-9223372036854775809,"name":"x"}',
        want: ['/id must be an integer within int64 (-9223372036854775808 to 9223372036854775807)'],
      },
    ],
    ['fraction', { body: '{"id":1.5,"name":"x"}', want: ['/id must be integer'] }],
    [
      'fraction a double hides',
      {
        body: '{"id":1.0000000000000001,"name":"x"}',
        want: ['/id must be integer (1.0000000000000001 is not a whole number)'],
      },
    ],
    ['1e3 is an integer', { body: '{"id":1e3,"name":"x"}', want: [] }],
    ['1e400 (Infinity) is not', { body: '{"id":1e400,"name":"x"}', want: ['/id must be integer'] }],
    [
      'missing both',
      { body: '{}', want: ["/name must have required property 'name'", "/id must have required property 'id'"] },
    ],
    [
      'wrong types',
      {
        body: '{"id":"1","name":2,"tag":false}',
        want: ['/name must be string', '/tag must be string', '/id must be integer'],
      },
    ],
    ['extra properties are allowed', { body: '{"id":1,"name":"x","colour":"green"}', want: [] }],
  ];
  test.each(request)('request: %s', (_name, { body, want }) => {
    expect(errorsOf(validators.request('addPlant', 'application/json; charset=utf-8'), body).sort()).toEqual(
      [...want].sort(),
    );
  });

  test('int32 bounds of Error.error are exact', () => {
    const validate = validators.response('addPlant', 400, 'application/json');
    expect(errorsOf(validate, '{"error":2147483647,"message":"m"}')).toEqual([]);
    expect(errorsOf(validate, '{"error":-2147483648,"message":"m"}')).toEqual([]);
    expect(errorsOf(validate, '{"error":2147483648,"message":"m"}')).toEqual([
      '/error must be an integer within int32 (-2147483648 to 2147483647)',
    ]);
  });

  test('the closed view (--strict) flags only undeclared properties', () => {
    const closed = validators.undeclared('addPlant', 200, 'application/json');
    expect(errorsOf(closed, '{"name":"x","tag":"y"}')).toEqual([]);
    expect(errorsOf(closed, '{"name":"x","id":1}')).toEqual(['/id is not declared by the schema']);
    expect(errorsOf(closed, '{"id":1}')).toEqual(['/id is not declared by the schema']); // the missing name is response-schema's finding
  });

  test('no validator for undocumented statuses or non-JSON media types', () => {
    expect(validators.response('addPlant', 500, 'application/json')).toBeUndefined();
    expect(validators.response('addPlant', 200, 'text/html')).toBeUndefined();
    expect(validators.request('addPlant', 'text/plain')).toBeUndefined();
    expect(validators.request('nope', 'application/json')).toBeUndefined();
  });
});

describe('OpenAPI 3.0 semantics', () => {
  let validators: SpecValidators;
  beforeAll(async () => {
    validators = compileValidators(await loadSpec(fixture('plant-store-3.0.yaml')));
  });
  test.each([
    ['nullable allows null', '{"id":1,"name":"x","tag":null}', []],
    ['readOnly createdAt is not required in a request', '{"id":1,"name":"x"}', []],
    ['boolean exclusiveMinimum excludes the minimum', '{"id":1,"name":"x","height":0}', ['/height must be > 0']],
    ['above the exclusive minimum', '{"id":1,"name":"x","height":0.1}', []],
  ])('%s', (_name, body, want) => {
    expect(errorsOf(validators.request('addPlant', 'application/json'), body)).toEqual(want);
  });
});

describe('specs that grow', () => {
  test('status ranges and default responses are found', async () => {
    const spec = await loadSpec({
      document: {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/things/{id}': {
            get: {
              operationId: 'getThing',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
              responses: {
                '2XX': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'object', required: ['id'] } } },
                },
                default: {
                  description: 'error',
                  content: { 'application/problem+json': { schema: { type: 'object', required: ['title'] } } },
                },
              },
            },
          },
        },
      },
    });
    const validators = compileValidators(spec);
    expect(errorsOf(validators.response('getThing', 204, 'application/json'), '{}')).toEqual([
      "/id must have required property 'id'",
    ]);
    expect(errorsOf(validators.response('getThing', 503, 'application/problem+json'), '{}')).toEqual([
      "/title must have required property 'title'",
    ]);
  });

  test('a component that refers into paths (codat.io writes one) validates through it', async () => {
    const logo = '#/paths/~1brand/get/responses/200/content/application~1json/schema/properties/logo';
    const spec = await loadSpec({
      document: {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/brand': {
            get: {
              operationId: 'getBrand',
              responses: {
                '200': {
                  description: 'ok',
                  content: {
                    'application/json': {
                      schema: {
                        $ref: '#/components/schemas/Brand',
                        properties: { logo: { type: 'object', required: ['src'] } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        components: { schemas: { Brand: { type: 'object', properties: { button: { $ref: logo } } } } },
      },
    });
    const validate = compileValidators(spec).response('getBrand', 200, 'application/json');
    expect(errorsOf(validate, '{"logo": {"src": "a.png"}, "button": {"src": "b.png"}}')).toEqual([]);
    expect(errorsOf(validate, '{"button": {}}')).toEqual(["/button/src must have required property 'src'"]);
  });

  test('circular schemas validate to any depth', async () => {
    const validators = compileValidators(await loadSpec(fixture('circular.yaml')));
    const validate = validators.request('addTree', 'application/json');
    expect(errorsOf(validate, '{"name":"a","children":[{"name":"b","children":[{"name":"c"}]}]}')).toEqual([]);
    expect(errorsOf(validate, '{"name":"a","children":[{"name":"b","children":[{}]}]}')).toEqual([
      "/children/0/children/0/name must have required property 'name'",
    ]);
  });

  test('readOnly and writeOnly are one-sided (OAS 4.8.24)', async () => {
    const schema = {
      type: 'object',
      required: ['id', 'password'],
      properties: { id: { type: 'integer', readOnly: true }, password: { type: 'string', writeOnly: true } },
    };
    const content = { 'application/json': { schema } };
    const spec = await loadSpec({
      document: {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/users': {
            post: {
              operationId: 'addUser',
              requestBody: { content },
              responses: { '200': { description: 'ok', content } },
            },
          },
        },
      },
    });
    const validators = compileValidators(spec);
    expect(errorsOf(validators.request('addUser', 'application/json'), '{"password":"p"}')).toEqual([]);
    expect(errorsOf(validators.response('addUser', 200, 'application/json'), '{"id":1}')).toEqual([]);
    expect(errorsOf(validators.request('addUser', 'application/json'), '{"id":1}')).toEqual([
      "/password must have required property 'password'",
    ]);
  });
});
