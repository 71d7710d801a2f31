/** `plantkit spec check|diff` in-process through run(argv, io): exit codes, output, one-line errors. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/run.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const diffFixtures = path.join(root, 'test/fixtures/spec-diff');

async function cli(argv: string[], cwd = root) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd,
  });
  return { code, stdout, stderr };
}

describe('plantkit spec', () => {
  it.each([
    [
      'check of the project spec is clean',
      ['spec', 'check'],
      root,
      0,
      /^openapi\.yaml \(OpenAPI 3\.1\): no problems \(checks: structure, examples, schemas, lint; ruleset: \.spectral\.yaml\)$/m,
    ],
    [
      'check with findings exits 1',
      ['spec', 'check', 'test/fixtures/spec-check/examples-30.yaml', '--skip', 'lint'],
      root,
      1,
      /examples-30\.yaml:20:34 {2}error {4}examples\/example-matches-schema/,
    ],
    [
      'check --spec FILE, as every other command takes the spec (issue 18 papercut)',
      ['spec', 'check', '--spec', 'test/fixtures/spec-check/examples-30.yaml', '--skip', 'lint'],
      root,
      1,
      /examples-30\.yaml:20:34 {2}error {4}examples\/example-matches-schema/,
    ],
    [
      'check --format github',
      ['spec', 'check', 'test/fixtures/spec-check/examples-30.yaml', '--skip', 'lint', '--format', 'github'],
      root,
      1,
      /^::error file=test\/fixtures\/spec-check\/examples-30\.yaml,line=20,col=34,title=examples\/example-matches-schema::/m,
    ],
    [
      'diff with a breaking change exits 1',
      ['spec', 'diff', 'request-type-changed.base.yaml', 'request-type-changed.head.yaml'],
      diffFixtures,
      1,
      /^breaking {2}request-type-changed {2}POST \/plants/m,
    ],
    [
      'diff of refactors exits 0',
      ['spec', 'diff', 'refactor-allof-split.base.yaml', 'refactor-allof-split.head.yaml'],
      diffFixtures,
      0,
      /: no changes$/m,
    ],
    [
      'diff with only info changes exits 0',
      ['spec', 'diff', 'api-operation-added.base.yaml', 'api-operation-added.head.yaml', '--format', 'markdown'],
      diffFixtures,
      0,
      /^### plantkit spec diff: no breaking changes$/m,
    ],
  ])('%s', async (_name, argv, cwd, code, output) => {
    const result = await cli(argv, cwd);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(output);
    expect(result.code).toBe(code);
  });

  it.each([
    [
      'a missing spec',
      ['spec', 'check', 'missing.yaml'],
      /^plantkit: error: cannot read spec missing\.yaml: no such file/,
    ],
    ['a directory', ['spec', 'check', 'src'], /^plantkit: error: cannot read spec src: it is a directory/],
    [
      'two different specs, as FILE and --spec',
      ['spec', 'check', 'openapi.yaml', '--spec', 'contracts/addPlant.yaml'],
      /^plantkit: error: spec check got two specs: openapi\.yaml and --spec contracts\/addPlant\.yaml \(name the spec once, as FILE or with --spec\)\n$/,
    ],
    [
      'invalid YAML',
      ['spec', 'check', 'test/fixtures/spec-check-bad/not-yaml.txt'],
      /^plantkit: error: test\/fixtures\/spec-check-bad\/not-yaml\.txt:3:1: not valid YAML or JSON/,
    ],
    [
      'a non-OpenAPI document',
      ['spec', 'diff', 'test/fixtures/spec-check-bad/not-openapi.yaml', 'openapi.yaml'],
      /^plantkit: error: test\/fixtures\/spec-check-bad\/not-openapi\.yaml: field 'openapi' is missing/,
    ],
    [
      'an unknown revision',
      ['spec', 'diff', 'no-such-rev:openapi.yaml', 'openapi.yaml'],
      /^plantkit: error: cannot read spec no-such-rev:openapi\.yaml: no such file, and git says/,
    ],
    ['a missing diff argument', ['spec', 'diff', 'openapi.yaml'], /^plantkit: error: spec diff needs BASE and HEAD/],
    [
      'an unknown format',
      ['spec', 'diff', 'openapi.yaml', 'openapi.yaml', '--format', 'xml'],
      /^plantkit: error: --format must be one of text, json, markdown, github, got 'xml'/,
    ],
    ['an unknown subcommand', ['spec', 'lint'], /^plantkit: error: unknown spec subcommand 'lint'/],
  ])('%s: one line on stderr, exit 2', async (_name, argv, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });
});
