/**
 * The CI policy of `spec diff`: --fail-on, per-rule levels from the config
 * file (found in the working directory or named by --config), the ignore
 * file (accepted changes with their reason, stale entries reported), and
 * one clear line for every mistake in those files.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';
import { DIFF_FORMATS } from '../../src/spec-diff/formats/index.js';
import { runCli } from '../support/cli.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');
const pairOf = (name: string) => [path.join(fixtures, `${name}.base.yaml`), path.join(fixtures, `${name}.head.yaml`)];
let dir: string;
let withConfig: string;

const FILES: Record<string, string> = {
  'levels.yaml': 'levels:\n  request-property-removed: breaking\n  request-property-added-optional: off\n',
  'fail-on-warning.yaml': 'fail-on: warning\n',
  'ignore.yaml': [
    '# DELETE goes to the admin API',
    '- rule: api-operation-removed',
    '  method: DELETE',
    '  path: /plants/{id}',
    '  reason: Deletion moved to the admin API (ADR-12)',
    '- rule: request-type-changed',
    '  path: /plants',
    '  reason: Left over from last release',
  ].join('\n'),
  'any-method.yaml': '- rule: api-operation-removed\n  path: /plants/{plantId}\n  reason: Planned with the admin API\n',
  'config-with-ignore.yaml': 'ignore: ignore.yaml\n',
  'unknown-key.yaml': 'fail-on: breaking\nlevel:\n  x: info\n',
  'unknown-rule.yaml': 'levels:\n  request-default-change: breaking\n',
  'bad-level.yaml': 'levels:\n  request-default-changed: error\n',
  'bad-fail-on.yaml': 'fail-on: info\n',
  'not-yaml.yaml': 'levels: [\n',
  'no-reason.yaml': '- rule: api-operation-removed\n  path: /plants/{plantId}\n',
  'bad-method.yaml': '- rule: api-operation-removed\n  method: REMOVE\n  path: /plants/{plantId}\n  reason: x\n',
  'mapping.yaml': 'rule: api-operation-removed\n',
  'ignore-unknown-rule.yaml': '- rule: api-operation-remove\n  path: /plants\n  reason: typo\n',
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plantkit-diff-policy-'));
  for (const [name, text] of Object.entries(FILES)) await writeFile(path.join(dir, name), text);
  withConfig = await mkdtemp(path.join(os.tmpdir(), 'plantkit-diff-config-'));
  await writeFile(
    path.join(withConfig, 'plantkit-diff.yaml'),
    'fail-on: warning\nlevels:\n  request-property-removed: info\n',
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(withConfig, { recursive: true, force: true });
});

describe('spec diff policy', () => {
  /** [what, fixture pair, flags, cwd ('policy' or 'config'), exit code, output pattern] */
  it.each<[string, string, string[], 'policy' | 'config', number, RegExp]>([
    [
      'a warning passes by default',
      'request-property-removed',
      [],
      'policy',
      0,
      /^warning {3}request-property-removed/m,
    ],
    [
      '--fail-on warning fails on it',
      'request-property-removed',
      ['--fail-on', 'warning'],
      'policy',
      1,
      /: 0 breaking, 2 warnings, 0 info$/m,
    ],
    [
      'fail-on from --config',
      'request-property-removed',
      ['--config', 'fail-on-warning.yaml'],
      'policy',
      1,
      /^warning {3}request-property-removed/m,
    ],
    [
      '--fail-on overrides the config',
      'request-property-removed',
      ['--config', 'fail-on-warning.yaml', '--fail-on', 'breaking'],
      'policy',
      0,
      /2 warnings/,
    ],
    [
      'a level raised to breaking by the config',
      'request-property-removed',
      ['--config', 'levels.yaml'],
      'policy',
      1,
      /^breaking {2}request-property-removed/m,
    ],
    [
      'a rule turned off',
      'request-property-added-optional',
      ['--config', 'levels.yaml'],
      'policy',
      0,
      /: no changes$/m,
    ],
    [
      'plantkit-diff.yaml found in the working directory',
      'request-property-removed',
      [],
      'config',
      0,
      /^info {6}request-property-removed/m,
    ],
    [
      'an accepted break passes, with its reason',
      'api-operation-removed',
      ['--ignore', 'ignore.yaml'],
      'policy',
      0,
      /^ignored {3}api-operation-removed \(breaking\) {2}DELETE \/plants\/\{plantId\}.*\n.*\n {2}accepted by ignore\.yaml:2:3: Deletion moved to the admin API \(ADR-12\)$/m,
    ],
    [
      'a stale entry is reported',
      'api-operation-removed',
      ['--ignore', 'ignore.yaml'],
      'policy',
      0,
      /^unused ignore entry ignore\.yaml:6:3: request-type-changed \/plants matches no change \(remove it\)$/m,
    ],
    [
      'counts name the ignored changes',
      'api-operation-removed',
      ['--ignore', 'ignore.yaml'],
      'policy',
      0,
      /: no changes, 1 ignored$/m,
    ],
    [
      'an entry without a method matches any',
      'api-operation-removed',
      ['--ignore', 'any-method.yaml'],
      'policy',
      0,
      /^ignored {3}api-operation-removed/m,
    ],
    [
      'the ignore file named by the config',
      'api-operation-removed',
      ['--config', 'config-with-ignore.yaml'],
      'policy',
      0,
      /1 ignored/,
    ],
    [
      'an ignore entry for another rule does not hide a break',
      'request-type-changed',
      ['--ignore', 'ignore.yaml'],
      'policy',
      0,
      /^ignored {3}request-type-changed/m,
    ],
  ])('%s', async (_name, fixture, flags, cwd, code, output) => {
    const outcome = await runCli(
      ['spec', 'diff', ...pairOf(fixture), ...flags],
      {},
      cwd === 'policy' ? dir : withConfig,
    );
    expect(outcome.stderr).toBe('');
    expect(outcome.stdout).toMatch(output);
    expect(outcome.code).toBe(code);
  });

  it('does not let an entry for one method hide another', async () => {
    const outcome = await runCli(['spec', 'diff', ...pairOf('api-path-removed'), '--ignore', 'ignore.yaml'], {}, dir);
    expect(outcome.code).toBe(1);
    expect(outcome.stdout).toMatch(/^breaking {2}api-path-removed/m);
    expect(outcome.stdout).toMatch(/unused ignore entry ignore\.yaml:2:3/);
  });

  it.each([
    [
      'an unknown config key',
      ['--config', 'unknown-key.yaml'],
      "plantkit: error: unknown-key.yaml:2:1: unknown key 'level' (did you mean 'levels'?)",
    ],
    [
      'an unknown rule id, with the likely one',
      ['--config', 'unknown-rule.yaml'],
      "plantkit: error: unknown-rule.yaml:2:3: unknown rule 'request-default-change' in levels (did you mean 'request-default-changed'?)",
    ],
    [
      'a bad level',
      ['--config', 'bad-level.yaml'],
      "plantkit: error: bad-level.yaml:2:28: level of request-default-changed must be breaking, warning, info, off, got 'error'",
    ],
    [
      'a bad fail-on in the config',
      ['--config', 'bad-fail-on.yaml'],
      "plantkit: error: bad-fail-on.yaml:1:10: fail-on must be breaking or warning, got 'info'",
    ],
    [
      'a bad --fail-on',
      ['--fail-on', 'info'],
      "plantkit: error: --fail-on must be one of breaking, warning, got 'info'",
    ],
    [
      'a config that is not YAML',
      ['--config', 'not-yaml.yaml'],
      /^plantkit: error: not-yaml\.yaml:2:1: not valid YAML: /,
    ],
    [
      'a missing config',
      ['--config', 'absent.yaml'],
      'plantkit: error: cannot read spec diff config absent.yaml: no such file',
    ],
    [
      'a missing ignore file',
      ['--ignore', 'absent.yaml'],
      'plantkit: error: cannot read ignore file absent.yaml: no such file',
    ],
    [
      'an ignore entry without a reason',
      ['--ignore', 'no-reason.yaml'],
      'plantkit: error: no-reason.yaml:1:3: ignore entry 1 needs a reason (say why this change is accepted)',
    ],
    [
      'an ignore entry with a bad method',
      ['--ignore', 'bad-method.yaml'],
      /^plantkit: error: bad-method\.yaml:2:11: method must be an HTTP method \(get, put, post/,
    ],
    [
      'an ignore file that is not a list',
      ['--ignore', 'mapping.yaml'],
      /^plantkit: error: mapping\.yaml:1:1: an ignore file must be a list of entries/,
    ],
    [
      'an ignore entry for an unknown rule',
      ['--ignore', 'ignore-unknown-rule.yaml'],
      "plantkit: error: ignore-unknown-rule.yaml:1:9: unknown rule 'api-operation-remove' in ignore entry 1 (did you mean 'api-operation-removed'?)",
    ],
  ])('%s: one line, exit 2', async (_name, flags, message) => {
    const outcome = await runCli(['spec', 'diff', ...pairOf('api-operation-removed'), ...flags], {}, dir);
    expect(outcome.code).toBe(2);
    expect(outcome.stdout).toBe('');
    expect(outcome.stderr.trimEnd().split('\n')).toHaveLength(1);
    if (typeof message === 'string') expect(outcome.stderr).toBe(`${message}\n`);
    else expect(outcome.stderr).toMatch(message);
  });

  it('shows ignored changes and stale entries in every format', async () => {
    const [base, head] = pairOf('api-operation-removed');
    const outcome = await runCli(
      ['spec', 'diff', base!, head!, '--ignore', 'ignore.yaml', '--format', 'json'],
      {},
      dir,
    );
    const json = JSON.parse(outcome.stdout) as {
      counts: Record<string, number>;
      ignored: Array<{ id: string; reason: string }>;
      unusedIgnores: Array<{ rule: string }>;
    };
    expect(json.counts).toEqual({ breaking: 0, warning: 0, info: 0 });
    expect(json.ignored.map((change) => [change.id, change.reason])).toEqual([
      ['api-operation-removed', 'Deletion moved to the admin API (ADR-12)'],
    ]);
    expect(json.unusedIgnores.map((entry) => entry.rule)).toEqual(['request-type-changed']);
    const github = await runCli(
      ['spec', 'diff', base!, head!, '--ignore', 'ignore.yaml', '--format', 'github'],
      {},
      dir,
    );
    expect(github.stdout).toMatch(
      /^::notice file=.*api-operation-removed\.head\.yaml,line=\d+,col=\d+,title=api-operation-removed \(breaking%2C ignored\)::DELETE .* \(accepted: Deletion moved to the admin API \(ADR-12\)\)$/m,
    );
    expect(github.stdout).toMatch(
      /^::warning file=ignore\.yaml,line=6,col=3,title=unused ignore entry::request-type-changed \/plants matches no change; remove it$/m,
    );
    const markdown = await runCli(
      ['spec', 'diff', base!, head!, '--ignore', 'ignore.yaml', '--format', 'markdown'],
      {},
      dir,
    );
    expect(markdown.stdout).toMatch(
      /^\| breaking \| `api-operation-removed` \| DELETE \/plants\/\{plantId\} \| .* \| Deletion moved to the admin API \(ADR-12\) \|$/m,
    );
    expect(markdown.stdout).toMatch(/^- `ignore\.yaml:6:3` request-type-changed \/plants$/m);
  });
});

describe('diffSpecs policy options', () => {
  it('applies level overrides given in code', async () => {
    const result = await diffSpecs('request-property-removed.base.yaml', 'request-property-removed.head.yaml', {
      cwd: fixtures,
      levels: { 'request-property-removed': 'breaking' },
    });
    expect(result.counts).toEqual({ breaking: 2, warning: 0, info: 0 });
  });

  it('refuses an unknown rule id in levels', async () => {
    const failure = diffSpecs('request-property-removed.base.yaml', 'request-property-removed.head.yaml', {
      cwd: fixtures,
      levels: { nope: 'info' },
    });
    await expect(failure).rejects.toMatchObject({ code: 'PLANTKIT_DIFF_CONFIG_INVALID' });
  });

  it('renders the same counts the exit code is decided on', async () => {
    const result = await diffSpecs('api-operation-removed.base.yaml', 'api-operation-removed.head.yaml', {
      cwd: fixtures,
    });
    expect(DIFF_FORMATS.text.render(result)).toMatch(/: 1 breaking, 0 warnings, 0 info$/m);
  });
});

describe('spec diff --help', () => {
  it('lists every rule with its default level, and the policy flags', async () => {
    const { DIFF_RULES } = await import('../../src/spec-diff/rules/index.js');
    const outcome = await runCli(['spec', 'diff', '--help']);
    expect(outcome.code).toBe(0);
    for (const flag of ['--fail-on', '--config', '--ignore']) expect(outcome.stdout).toContain(flag);
    for (const rule of DIFF_RULES)
      expect(outcome.stdout).toMatch(
        new RegExp(`^ {2}${rule.level} +${rule.id} +${rule.summary.replace(/[()/]/g, '\\$&')}$`, 'm'),
      );
  });
});
