import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { APP_TOKEN, startPlantStore } from '../apps/plant-store.js';
import { runCli } from '../support/cli.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const fixture = (name: string) => path.join(import.meta.dirname, '../fixtures/specs', name);
const env = { PLANTKIT_TOKEN: APP_TOKEN };

describe('plantkit contract: bad input gets one clear line and exit 2', () => {
  const cases: Array<[string, { argv: string[]; env?: Record<string, string>; stderr: RegExp }]> = [
    [
      'unknown flag',
      {
        argv: ['contract', '--base-url', 'http://127.0.0.1:9', '--bogus'],
        stderr: /^plantkit: error: unknown option --bogus \(run 'plantkit contract --help' for the options\)\n$/,
      },
    ],
    [
      'missing --base-url',
      {
        argv: ['contract'],
        stderr:
          /^plantkit: error: missing --base-url \(pass the address of the implementation to test, e\.g\. --base-url http:\/\/127\.0\.0\.1:8080\)\n$/,
      },
    ],
    [
      '--base-url without value',
      { argv: ['contract', '--base-url'], stderr: /^plantkit: error: option --base-url needs a value/ },
    ],
    [
      'not a URL',
      {
        argv: ['contract', '--base-url', 'localhost:8080'],
        stderr: /^plantkit: error: --base-url must be http or https, got localhost\n$/,
      },
    ],
    [
      'bad timeout',
      {
        argv: ['contract', '--base-url', 'http://127.0.0.1:9', '--timeout', 'soon'],
        stderr: /^plantkit: error: --timeout must be an integer >= 1, got 'soon'\n$/,
      },
    ],
    [
      'unreadable spec',
      {
        argv: ['contract', '--base-url', 'http://127.0.0.1:9', '--spec', 'missing.yaml'],
        stderr:
          /^plantkit: error: cannot read spec .*missing\.yaml: no such file \(pass the path of an OpenAPI 3\.0 or 3\.1 file with --spec\)\n$/,
      },
    ],
    [
      'invalid YAML',
      {
        argv: ['contract', '--base-url', 'http://127.0.0.1:9', '--spec', fixture('invalid-yaml.yaml')],
        stderr:
          /^plantkit: error: .*invalid-yaml\.yaml:3:10: not valid YAML or JSON: Nested mappings are not allowed in compact mappings\n$/,
      },
    ],
    [
      'external $ref',
      {
        argv: ['contract', '--base-url', 'http://127.0.0.1:9', '--spec', fixture('refs/outside.yaml')],
        stderr:
          /^plantkit: error: external \$ref to .* refused: it leaves the spec's folder .* \(inline the schema or move the file next to the spec; pass --allow-external-refs only for specs you trust\)\n$/,
      },
    ],
    [
      'no token',
      {
        argv: ['contract', '--base-url', 'http://127.0.0.1:9'],
        env: {},
        stderr: /^plantkit: error: the spec requires credentials but PLANTKIT_TOKEN is not set/,
      },
    ],
    ['unknown command', { argv: ['contrakt'], stderr: /^plantkit: error: unknown command 'contrakt'/ }],
  ];
  test.each(cases)('%s', async (_name, { argv, env: given, stderr }) => {
    const outcome = await runCli(argv, given ?? env);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toMatch(stderr);
    expect(outcome.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
  });

  test('a broken contracts/ file', async () => {
    const directory = await temporaryDirectory('cli');
    await writeFile(
      path.join(directory, 'addPlant.yaml'),
      'operation: addPlant\nrequests:\n  - name: x\n    expect: {status: ok}\n',
    );
    const app = await startPlantStore();
    try {
      const outcome = await runCli(['contract', '--base-url', app.url, '--contracts', directory], env);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toMatch(
        /^plantkit: error: .*addPlant\.yaml:4:22: \/requests\/0\/expect\/status must be integer \(see "contracts\/ files" in docs\/contract\.md for the format\)\n$/,
      );
    } finally {
      await app.close();
    }
  });

  test('an unreachable URL: one line naming it, exit 2, nothing on stdout', async () => {
    const app = await startPlantStore();
    await app.close();
    const outcome = await runCli(['contract', '--base-url', app.url], env);
    expect(outcome).toEqual({
      code: 2,
      stdout: '',
      stderr: `plantkit: error: cannot reach ${app.url} (ECONNREFUSED)\n`,
    });
  });
});

describe('plantkit contract: results', () => {
  test('a correct server: exit 0 and the summary line', async () => {
    const app = await startPlantStore();
    try {
      const outcome = await runCli(['contract', '--base-url', app.url, '--no-generated'], env);
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).toMatch(/\n22 passed, 0 failed; 1 spec gap in \d+\.\d s\n$/);
      expect(outcome.stdout).toContain('PASS  positive/example/monstera');
      expect(outcome.stderr).toBe('');
    } finally {
      await app.close();
    }
  });

  test('a broken server: exit 1, findings with received/documented, a curl line, and never the token', async () => {
    const app = await startPlantStore('wrong-200-shape');
    try {
      const outcome = await runCli(['contract', '--base-url', app.url, '--no-generated'], env);
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toMatch(/\n14 passed, 8 failed \(1 distinct failure\); 1 spec gap in \d+\.\d s\n$/);
      expect(outcome.stdout).toContain(
        '        response-schema /name: body must have required property \'name\' (status 200)\n          received:   absent from {"title":"Monstera deliciosa","tag":"indoor"}\n          documented: must have required property \'name\'\n',
      );
      expect(outcome.stdout).toContain(
        `reproduce: curl -i -X POST '${app.url}/plants' -H 'accept: application/json' -H 'content-type: application/json' -H "authorization: Bearer $PLANTKIT_TOKEN" -H 'User-Agent:' --data-binary '{"id":10,"name":"Monstera deliciosa","tag":"indoor"}'`,
      );
      expect(outcome.stdout).toContain('token from PLANTKIT_TOKEN: Bearer ***');
      expect(outcome.stdout + outcome.stderr).not.toContain(APP_TOKEN);
    } finally {
      await app.close();
    }
  });

  test('--token-env names the variable, --quiet prints failures only, --only selects cases', async () => {
    const app = await startPlantStore('ignores-auth');
    try {
      const outcome = await runCli(
        ['contract', '--base-url', app.url, '--token-env', 'STAGING_TOKEN', '--quiet', '--only', 'addPlant/auth'],
        { STAGING_TOKEN: APP_TOKEN },
      );
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).not.toContain('PASS');
      // One bug, one block: the four auth cases fail the same way.
      expect(outcome.stdout.match(/FAIL/g)).toHaveLength(1);
      expect(outcome.stdout).toContain(
        '        and 3 more cases with this failure: auth/empty-token, auth/other-scheme, auth/wrong-token\n',
      );
      expect(outcome.stdout).toMatch(/\n0 passed, 4 failed/);
      expect(outcome.stdout).not.toContain(APP_TOKEN);
    } finally {
      await app.close();
    }
  });

  test('--no-contracts runs no scenario files', async () => {
    const app = await startPlantStore();
    try {
      const outcome = await runCli(['contract', '--base-url', app.url, '--no-generated', '--no-contracts'], env);
      expect(outcome.code).toBe(0);
      expect(outcome.stdout).not.toContain('scenario/');
      expect(outcome.stdout).toMatch(/\n17 passed, 0 failed/);
    } finally {
      await app.close();
    }
  });

  test('--help lists every flag and check, exit 0', async () => {
    const outcome = await runCli(['contract', '--help']);
    expect(outcome.code).toBe(0);
    for (const flag of ['--base-url', '--spec', '--token-env', '--timeout', '--strict', '--contracts'])
      expect(outcome.stdout).toContain(flag);
    for (const flag of ['--header', '--max-duration', '--workers', '--rate-limit'])
      expect(outcome.stdout).toContain(flag);
    expect(outcome.stdout).toContain(
      'Exit codes: 0 no failure (spec gaps are listed, not failed), 1 a case failed (or, with\n            --fail-on spec-gap, a spec gap was found), 2 usage, spec or target error,\n            130 interrupted (SIGINT, Ctrl-C), 143 terminated (SIGTERM).',
    );
  });
});
