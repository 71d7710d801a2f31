/** The lint check through real Spectral: the oas ruleset, .spectral.yaml discovery, --ruleset, the bundler path, bad rulesets. */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSpec } from '../../src/spec-check/check-spec.js';
import { lineOf } from '../support/spec-lines.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plantkit-lint-'));
  await copyFile(path.join(root, 'openapi.yaml'), path.join(dir, 'openapi.yaml'));
  await writeFile(
    path.join(dir, 'severity.yaml'),
    'extends: [[spectral:oas, recommended]]\nrules:\n  info-contact: error\n  operation-tags: off\n',
  );
  await writeFile(path.join(dir, 'full.yaml'), 'extends: spectral:oas\n');
  // A custom rule with a built-in function needs Spectral's bundler (the full ruleset format).
  await writeFile(
    path.join(dir, 'custom.yaml'),
    'extends: spectral:oas\nrules:\n  info-contact: off\n  operation-tags: off\n  plant-summary-short:\n    given: $.paths.*.*.summary\n    severity: warn\n    then:\n      function: length\n      functionOptions: { max: 5 }\n',
  );
  await writeFile(path.join(dir, 'broken.yaml'), 'extends: spectral:oas\nrules:\n  info-contact: loud\n');
  await writeFile(path.join(dir, 'remote.yaml'), 'extends: https://example.com/ruleset.yaml\n');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lintOf = async (options: Parameters<typeof checkSpec>[1]) => {
  const result = await checkSpec('openapi.yaml', { cwd: dir, skip: ['structure', 'examples'], ...options });
  return result.findings.map((finding) => [finding.rule, finding.severity, finding.line, finding.column]);
};

describe('spec check: lint (Spectral)', () => {
  it.each([
    ["plantkit's built-in policy without a ruleset file", {}, []],
    [
      'the whole spectral:oas from a ruleset file',
      { ruleset: 'full.yaml' },
      [
        ['info-contact', 'warning', ...lineOf('info:', 6)],
        ['operation-tags', 'warning', ...lineOf('    post:', 10)],
      ],
    ],
    ['severities from --ruleset', { ruleset: 'severity.yaml' }, [['info-contact', 'error', ...lineOf('info:', 6)]]],
    [
      'a custom rule through the bundler',
      { ruleset: 'custom.yaml' },
      [['plant-summary-short', 'warning', ...lineOf('      summary:', 16)]],
    ],
  ] as const)('%s', async (_name, options, want) => {
    expect(await lintOf(options)).toEqual(want);
  });

  it("passes the project's own spec with the project's .spectral.yaml", async () => {
    const result = await checkSpec('openapi.yaml', { cwd: root });
    expect(result.ruleset).toBe('.spectral.yaml');
    expect(result.findings).toEqual([]);
  });

  it.each([
    ['an invalid severity', 'broken.yaml', /invalid Spectral ruleset .*broken\.yaml/],
    ['a missing ruleset file', 'absent.yaml', /cannot read Spectral ruleset .*absent\.yaml: no such file/],
    [
      'a ruleset that extends a URL (never fetched)',
      'remote.yaml',
      /plantkit does not fetch rulesets over the network \(https:\/\/example\.com\/ruleset\.yaml\)/,
    ],
  ])('%s is a fault (PLANTKIT_RULESET_INVALID)', async (_name, ruleset, message) => {
    const failure = checkSpec('openapi.yaml', { cwd: dir, ruleset });
    await expect(failure).rejects.toMatchObject({ code: 'PLANTKIT_RULESET_INVALID' });
    await expect(failure).rejects.toThrow(message);
  });
});
