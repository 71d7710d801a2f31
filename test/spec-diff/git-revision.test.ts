/** Diff inputs given as git revisions (`REV:PATH`), in a temporary repository. */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSpecs } from '../../src/spec-diff/diff-specs.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/spec-diff');
let repo: string;

const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });

beforeAll(async () => {
  repo = await mkdtemp(path.join(os.tmpdir(), 'plantkit-git-'));
  git('init', '-q');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'plantkit test');
  await writeFile(
    path.join(repo, 'openapi.yaml'),
    await readFile(path.join(fixtures, 'request-property-became-required.base.yaml')),
  );
  await mkdir(path.join(repo, 'api'));
  await writeFile(
    path.join(repo, 'api/spec.yaml'),
    "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /x:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema:\n                $ref: './schemas.yaml#/Thing'\n",
  );
  await writeFile(
    path.join(repo, 'api/schemas.yaml'),
    'Thing:\n  type: object\n  required: [a]\n  properties:\n    a: { type: string }\n',
  );
  git('add', '.');
  git('commit', '-q', '-m', 'base');
  await writeFile(
    path.join(repo, 'openapi.yaml'),
    await readFile(path.join(fixtures, 'request-property-became-required.head.yaml')),
  );
  await writeFile(
    path.join(repo, 'api/schemas.yaml'),
    'Thing:\n  type: object\n  properties:\n    a: { type: string }\n',
  );
});

afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('spec diff with git revisions', () => {
  it('reads BASE from a revision and HEAD from the work tree', async () => {
    const result = await diffSpecs('HEAD:openapi.yaml', 'openapi.yaml', { cwd: repo });
    expect(result.changes.map((change) => change.id)).toContain('request-property-became-required');
    expect(result.base).toBe('HEAD:openapi.yaml');
  });

  it('reads relative $refs of a revision from the same revision', async () => {
    const result = await diffSpecs('HEAD:api/spec.yaml', 'api/spec.yaml', { cwd: repo });
    expect(result.changes.map((change) => change.id)).toEqual(['response-property-became-optional']);
  });

  it('a revision against the same revision reports nothing', async () => {
    const result = await diffSpecs('HEAD:openapi.yaml', 'HEAD:openapi.yaml', { cwd: repo });
    expect(result.changes).toEqual([]);
  });

  it.each([
    [
      'an unknown revision',
      'no-such-branch:openapi.yaml',
      /cannot read spec no-such-branch:openapi.yaml: no such file, and git says: invalid object name/i,
    ],
    [
      'a path missing in the revision',
      'HEAD:missing.yaml',
      /cannot read spec HEAD:missing.yaml: .*git says: path 'missing.yaml' does not exist/i,
    ],
  ])('%s is unreadable input (PLANTKIT_SPEC_UNREADABLE)', async (_name, base, message) => {
    const failure = diffSpecs(base, 'openapi.yaml', { cwd: repo });
    await expect(failure).rejects.toMatchObject({ code: 'PLANTKIT_SPEC_UNREADABLE' });
    await expect(failure).rejects.toThrow(message);
  });
});
