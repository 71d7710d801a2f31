/**
 * `spec check --fail-severity`: findings below the level are printed but do
 * not fail (Spectral's CLI semantics). Each ruleset turns on one Spectral
 * rule at one severity over the project spec, so each threshold is tested
 * against a finding just above and just below it.
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SEVERITIES = ['error', 'warn', 'info', 'hint'] as const;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plantkit-fail-severity-'));
  await copyFile(path.join(root, 'openapi.yaml'), path.join(dir, 'openapi.yaml'));
  // info-contact fails on the project spec (it names no contact): one finding at the chosen severity.
  for (const severity of SEVERITIES)
    await writeFile(
      path.join(dir, `${severity}.yaml`),
      `extends: [[spectral:oas, off]]\nrules:\n  info-contact: ${severity}\n`,
    );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** [finding severity, --fail-severity (undefined: default), exit code] */
const CASES: Array<[(typeof SEVERITIES)[number], string | undefined, number]> = [
  ['error', undefined, 1],
  ['warn', undefined, 0],
  ['warn', 'error', 0],
  ['warn', 'warn', 1],
  ['info', 'warn', 0],
  ['info', 'info', 1],
  ['hint', 'info', 0],
  ['hint', 'hint', 1],
  ['error', 'hint', 1],
];

describe('spec check --fail-severity', () => {
  it.each(CASES)('a %s finding with --fail-severity %s exits %i', async (severity, failSeverity, code) => {
    const flags = failSeverity === undefined ? [] : ['--fail-severity', failSeverity];
    const outcome = await runCli(
      ['spec', 'check', '--skip', 'structure', '--skip', 'examples', '--ruleset', `${severity}.yaml`, ...flags],
      {},
      dir,
    );
    expect(outcome.stderr).toBe('');
    // Printed whether or not it fails.
    expect(outcome.stdout).toMatch(/lint\/info-contact/);
    expect(outcome.code).toBe(code);
  });

  it('names a hint as a hint in the summary', async () => {
    const outcome = await runCli(
      ['spec', 'check', '--skip', 'structure', '--skip', 'examples', '--ruleset', 'hint.yaml'],
      {},
      dir,
    );
    expect(outcome.stdout).toMatch(/^openapi\.yaml:\d+:\d+ {2}hint {5}lint\/info-contact/m);
    expect(outcome.stdout).toMatch(/0 errors, 0 warnings, 0 info, 1 hint \(/);
  });

  it('refuses an unknown level with one line', async () => {
    const outcome = await runCli(['spec', 'check', '--fail-severity', 'warning'], {}, dir);
    expect(outcome).toEqual({
      code: 2,
      stdout: '',
      stderr: "plantkit: error: --fail-severity must be one of error, warn, info, hint, got 'warning'\n",
    });
  });
});
