/**
 * What a user's install of plantkit weighs in all: the tarball plus every
 * dependency npm installs with it, as `npm pack` and then `npm install
 * <tarball>` into an empty scratch project give them. The build bundles the
 * dependencies plantkit loads at start-up (scripts/build-vendor.mjs) and
 * those packages are devDependencies, so bundling must never make this total
 * grow. The bundled Spectral must work without the Spectral packages: the
 * scratch project checks the shipped spec with the built-in policy and with
 * a ruleset whose custom function imports @stoplight/spectral-functions
 * (Spectral's ruleset bundler, rollup and all, from the bundle), and diffs it.
 *
 * Slow by nature: an install from the npm cache.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The budget for the tarball plus the installed node_modules, in bytes. Measured on 2026-11-26 (npm 11,
 * Node 20): before the dependency bundling 101,803,769 (tarball 1,575,086, node_modules 100,228,683, 321
 * packages); with Ajv, yaml, lossless-json and Spectral (its ruleset bundler too) bundled and the bundled
 * packages moved to devDependencies 74,788,382 (tarball 2,596,169, node_modules 72,192,213, 169 packages;
 * 75,070,600 once Spectral's validators ship unminified). The budget is the first plus 10%, still under the
 * total before bundling: a dependency that comes back, or a bundle whose package is still installed, fails here.
 */
const TOTAL_INSTALL_BUDGET = 82_270_000;

let scratch: string;
let project: string;
let tarballBytes: number;

/** npm as a consumer runs it: from the cache, quietly; no telemetry (no network in tests). */
async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return exec('npm', args, {
    cwd,
    env: { ...process.env, SCARF_ANALYTICS: 'false', npm_config_update_notifier: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** The bytes of every file under `folder`, as `du -sb` counts them (apparent sizes). */
async function bytesUnder(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  return total;
}

/** The installed CLI, run in the scratch project. */
async function plantkit(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const bin = path.join(project, 'node_modules/plantkit/bin/plantkit.js');
  return exec(process.execPath, [bin, ...args], { cwd: project }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'plantkit-install-size-'));
  // `npm test` has just built dist/ (pretest), so prepack's build is not run again.
  const packed = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], ROOT);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string }];
  tarballBytes = (await stat(path.join(scratch, filename))).size;
  project = path.join(scratch, 'project');
  await mkdir(project);
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, allowScripts: { msw: false } }, null, 2),
  );
  await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(scratch, filename)], project);
}, 480_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

test(`the tarball plus its installed dependencies stay within ${TOTAL_INSTALL_BUDGET} bytes`, async () => {
  const total = tarballBytes + (await bytesUnder(path.join(project, 'node_modules')));
  expect(total).toBeLessThanOrEqual(TOTAL_INSTALL_BUDGET);
});

describe('the bundled dependencies work without their packages installed', () => {
  test('none of the Spectral packages is installed', async () => {
    const stoplight = await readdir(path.join(project, 'node_modules/@stoplight'));
    expect(stoplight.filter((name) => name.startsWith('spectral-'))).toEqual([]);
  });

  test('spec check with the built-in policy, and spec diff, on the shipped spec', async () => {
    const spec = path.join(project, 'node_modules/plantkit/openapi.yaml');
    const checked = await plantkit(['spec', 'check', spec]);
    expect(checked).toMatchObject({ code: 0, stderr: '' });
    expect(checked.stdout).toMatch(
      /: no problems \(checks: structure, examples, schemas, lint; ruleset: plantkit default/,
    );
    expect(await plantkit(['spec', 'diff', spec, spec])).toMatchObject({ code: 0, stderr: '' });
  });

  test("a ruleset with a custom function that imports Spectral's functions goes through the bundled bundler", async () => {
    const folder = path.join(scratch, 'ruleset');
    await mkdir(path.join(folder, 'functions'), { recursive: true });
    await writeFile(
      path.join(folder, 'functions/titleIsSet.js'),
      "import { truthy } from '@stoplight/spectral-functions';\nexport default (input, options, context) => truthy(input, null, context) ?? [{ message: 'a title' }];\n",
    );
    await writeFile(
      path.join(folder, '.spectral.yaml'),
      'extends: [[spectral:oas, recommended]]\nfunctions: [titleIsSet]\nrules:\n  title-seen:\n    given: $.info.title\n    severity: error\n    then:\n      function: titleIsSet\n',
    );
    const spec = path.join(project, 'node_modules/plantkit/openapi.yaml');
    const checked = await plantkit(['spec', 'check', spec, '--ruleset', path.join(folder, '.spectral.yaml')]);
    expect(checked.stderr).toBe('');
    expect(checked.stdout).toMatch(/error +lint\/title-seen +a title/);
    expect(checked.code).toBe(1);
  });
});
