/**
 * The built-in lint policy is the repository's policy: `spec check` on the
 * package's own openapi.yaml passes from a directory without `.spectral.yaml`
 * (as in a project that installs plantkit from npm), in-process and through
 * the built CLI, and the built-in rules equal the repository's `.spectral.yaml`.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../src/core/yaml/yaml-source.js';
import { checkSpec } from '../../src/spec-check/check-spec.js';
import { DEFAULT_RULE_SEVERITIES, DEFAULT_RULESET_LABEL } from '../../src/spec-check/lint/default-ruleset.js';
import { runCli } from '../support/cli.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const exec = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'plantkit-no-ruleset-'));
  await copyFile(path.join(root, 'openapi.yaml'), path.join(dir, 'openapi.yaml'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('spec check without a .spectral.yaml', () => {
  it('finds no lint problem in the package spec and names the built-in policy', async () => {
    const result = await checkSpec('openapi.yaml', { cwd: dir });
    expect(result.ruleset).toBeUndefined();
    expect(result.findings).toEqual([]);
  });

  it('exits 0 from the CLI, in-process', async () => {
    const outcome = await runCli(['spec', 'check'], {}, dir);
    expect(outcome).toEqual({
      code: 0,
      stderr: '',
      stdout: `openapi.yaml (OpenAPI 3.1): no problems (checks: structure, examples, schemas, lint; ruleset: ${DEFAULT_RULESET_LABEL})\n`,
    });
  });

  it('exits 0 from the built CLI run in that directory', async () => {
    const { stdout } = await exec(process.execPath, [path.join(root, 'bin/plantkit.js'), 'spec', 'check'], {
      cwd: dir,
    });
    expect(stdout).toMatch(/: no problems \(checks: structure, examples, schemas, lint; ruleset: plantkit default/);
  });

  it("uses the same rules as the repository's .spectral.yaml", async () => {
    const parsed = parseYamlSource(await readFile(path.join(root, '.spectral.yaml'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const repository = parsed.source.value as { extends: unknown; rules: Record<string, unknown> };
    expect(repository.extends).toBe('spectral:oas');
    expect(repository.rules).toEqual(DEFAULT_RULE_SEVERITIES);
  });
});
