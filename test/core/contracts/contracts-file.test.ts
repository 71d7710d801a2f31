import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { loadScenarios } from '../../../src/core/contracts/contracts-file.js';
import { ContractsError } from '../../../src/core/errors.js';
import { stringifyJson } from '../../../src/core/json/exact-json.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import type { LoadedSpec } from '../../../src/core/spec/types.js';
import { temporaryDirectory } from '../../support/temporary-directory.js';

let spec: LoadedSpec;
beforeAll(async () => {
  spec = await loadSpec('openapi.yaml');
});

/** A temporary contracts/ folder holding one file. */
async function folderWith(name: string, text: string): Promise<string> {
  const directory = await temporaryDirectory('contracts');
  await writeFile(path.join(directory, name), text);
  return directory;
}

describe('the shipped contracts/', () => {
  test('load, with exact int64 bodies and echo pointers', async () => {
    const scenarios = (await loadScenarios('contracts', spec)).get('addPlant')!;
    expect(scenarios.map((scenario) => scenario.slug)).toContain('largest-int64-id-is-accepted');
    const largest = scenarios.find((scenario) => scenario.slug === 'largest-int64-id-is-accepted')!;
    expect(stringifyJson(largest.body)).toBe('{"id":9223372036854775807,"name":"Int64 max"}');
    expect(scenarios[0]).toMatchObject({ status: 200, echo: ['/name', '/tag'], auth: true });
  });
});

describe('a bad contracts file stops the run with file, line and field', () => {
  const cases: Array<[string, { text: string; message: RegExp }]> = [
    [
      'invalid YAML',
      {
        text: 'operation: addPlant\nrequests:\n  - name: x\n   expect: 1\n',
        message: /bad\.yaml:4:\d+: not valid YAML/,
      },
    ],
    [
      'missing operation',
      {
        text: 'requests:\n  - name: x\n    expect: {status: 200}\n',
        message: /bad\.yaml:1:1: \/operation must have required property 'operation'/,
      },
    ],
    [
      'unknown operation',
      {
        text: 'operation: deletePlant\nrequests:\n  - name: x\n    expect: {status: 200}\n',
        message: /bad\.yaml:1:12: \/operation 'deletePlant' is not an operation of the spec \(known: addPlant\)/,
      },
    ],
    [
      'misspelt field',
      {
        text: 'operation: addPlant\nrequests:\n  - name: x\n    expext: {status: 200}\n',
        message:
          /bad\.yaml:4:5: \/requests\/0\/expext is not a contracts file field \(known here: name, body, rawBody, contentType, auth, path, query, headers, expect\); did you mean 'expect'\?/,
      },
    ],
    [
      'status as text',
      {
        text: "operation: addPlant\nrequests:\n  - name: x\n    expect: {status: '200'}\n",
        message: /bad\.yaml:4:22: \/requests\/0\/expect\/status must be integer/,
      },
    ],
    [
      'body and rawBody',
      {
        text: "operation: addPlant\nrequests:\n  - name: x\n    body: {}\n    rawBody: '{}'\n    expect: {status: 200}\n",
        message: /give either 'body' or 'rawBody', not both/,
      },
    ],
    [
      'same name twice',
      {
        text: 'operation: addPlant\nrequests:\n  - name: x\n    expect: {status: 200}\n  - name: X\n    expect: {status: 200}\n',
        message: /\/requests\/1\/name 'X' is used twice/,
      },
    ],
    [
      'no requests',
      { text: 'operation: addPlant\nrequests: []\n', message: /\/requests must NOT have fewer than 1 items/ },
    ],
  ];
  test.each(cases)('%s', async (_name, { text, message }) => {
    const directory = await folderWith('bad.yaml', text);
    const error = await loadScenarios(directory, spec).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContractsError);
    expect((error as Error).message).toMatch(message);
  });

  test('a missing default folder means no scenarios; a named one must exist', async () => {
    expect((await loadScenarios('/nonexistent/contracts', spec)).size).toBe(0);
    await expect(loadScenarios('/nonexistent/contracts', spec, true)).rejects.toThrow(
      /cannot read contracts directory/,
    );
  });

  test('files in sub-folders and non-YAML files are ignored', async () => {
    const directory = await folderWith('README.md', '# notes');
    await mkdir(path.join(directory, 'nested'));
    await writeFile(path.join(directory, 'nested', 'x.yaml'), 'garbage: [');
    expect((await loadScenarios(directory, spec)).size).toBe(0);
  });
});
