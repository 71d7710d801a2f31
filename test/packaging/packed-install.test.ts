/**
 * plantkit as a consumer gets it: `npm pack`, then one install of the
 * tarball (with vitest and msw) into a scratch project that holds an ESM
 * package ("type": "module") and a CommonJS one (no "type"), sharing its
 * node_modules. A file that uses every public export,
 * `expect(res).toMatchContract(...)` and `plantkit/msw` with `msw/node`
 * must type-check in both (NodeNext and Bundler resolution, skipLibCheck
 * off), the package must load (import and require), npm must print no
 * warning, the tarball must be self-consistent (no source map pointing at a
 * file that is not shipped), and docs/frontend.md's React-free Vitest recipe for
 * plantkit/msw must pass under a real vitest with msw/node (issue 21).
 *
 * Slow by nature: an install from the npm cache and three type checks.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import * as api from '../../src/index.js';

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const ownPackage = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  devDependencies: Record<string, string>;
};

/** npm as a consumer runs it: from the cache, quietly; scarf (a Spectral dependency) is told not to report (no network in tests). */
async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return exec('npm', args, {
    cwd,
    env: { ...process.env, SCARF_ANALYTICS: 'false', npm_config_update_notifier: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** npm's warnings, without those about this machine's own npm configuration (`nodedir` in ~/.npmrc, say). */
function warnings(stderr: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => /^npm warn/i.test(line) && !/Unknown (user|global|project|env|builtin) config/.test(line));
}

/** Compiler options every configuration shares: libraries checked, Node's types. */
const BASE_OPTIONS = { target: 'ES2022', strict: true, skipLibCheck: false, noEmit: true, types: ['node'] };

/** Stricter settings as `tsc --init` (TypeScript 5.9) writes them. */
const STRICTEST = {
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  isolatedModules: true,
  moduleDetection: 'force',
};

/** The consumer packages: their package.json extras and the tsconfigs their consumer file must pass under. */
const CONSUMERS = {
  esm: {
    manifest: { type: 'module' },
    tsconfigs: {
      nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext', ...STRICTEST, verbatimModuleSyntax: true },
      bundler: { module: 'ESNext', moduleResolution: 'Bundler' },
    },
  },
  cjs: {
    manifest: {},
    tsconfigs: {
      nodenext: { module: 'NodeNext', moduleResolution: 'NodeNext', ...STRICTEST },
    },
  },
} as const;

let scratch: string;
let unpacked: string;
let install: { stdout: string; stderr: string };
/** What `tsc -p` printed, by consumer and configuration (run in parallel once everything is installed). */
const typeChecks: Record<string, string> = {};

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'plantkit-packed-'));
  // `npm test` has just built dist/ (pretest), so prepack's build is not run again.
  const packed = await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], ROOT);
  const [{ filename }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string }];
  const tarball = path.join(scratch, filename);
  unpacked = path.join(scratch, 'unpacked');
  await mkdir(unpacked);
  await exec('tar', ['-xzf', tarball, '-C', unpacked]);
  const project = path.join(scratch, 'project');
  await mkdir(project);
  // The line docs/decisions.md gives for npm 11.16+: deny the telemetry script of Spectral's @scarf/scarf.
  await writeFile(
    path.join(project, 'package.json'),
    JSON.stringify(
      // msw's install script only copies its worker into a folder named in package.json: none here.
      { name: 'consumer', version: '1.0.0', private: true, allowScripts: { '@scarf/scarf': false, msw: false } },
      null,
      2,
    ),
  );
  const consumerSource = await consumerFile();
  for (const [name, consumer] of Object.entries(CONSUMERS)) {
    const directory = path.join(project, name);
    await mkdir(directory);
    await writeFile(
      path.join(directory, 'package.json'),
      JSON.stringify({ name: `consumer-${name}`, version: '1.0.0', private: true, ...consumer.manifest }, null, 2),
    );
    for (const [config, options] of Object.entries(consumer.tsconfigs)) {
      await writeFile(
        path.join(directory, `tsconfig.${config}.json`),
        JSON.stringify({ compilerOptions: { ...BASE_OPTIONS, ...options }, files: ['consumer.ts'] }),
      );
    }
    await writeFile(path.join(directory, 'consumer.ts'), consumerSource);
  }
  const versions = ['vitest', '@types/node', 'msw'].map(
    (dependency) => `${dependency}@${ownPackage.devDependencies[dependency]}`,
  );
  install = await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, ...versions], project);
  const configs = Object.entries(CONSUMERS).flatMap(([name, consumer]) =>
    Object.keys(consumer.tsconfigs).map((config) => [name, config] as const),
  );
  await Promise.all(
    configs.map(async ([name, config]) => {
      const checked = await exec(process.execPath, [
        TSC,
        '-p',
        path.join(project, name, `tsconfig.${config}.json`),
      ]).catch((error: { stdout: string; stderr: string }) => error);
      typeChecks[`${name}/${config}`] = `${checked.stdout}${checked.stderr}`;
    }),
  );
  // An install from the npm cache (now with msw) and three type checks: minutes on a loaded 2-core machine.
}, 480_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Every public export of `plantkit` used once, plus the vitest matcher. */
async function consumerFile(): Promise<string> {
  const declarations = await readFile(path.join(ROOT, 'dist/index.d.ts'), 'utf8');
  const values = Object.keys(api).sort();
  const types = [...declarations.matchAll(/export (type )?\{([^}]+)\}/g)]
    .flatMap(([, typeOnly, list]) =>
      list!
        .split(',')
        .map((part) => part.trim())
        // A formatted list ends in a trailing comma: its last part is empty.
        .filter((part) => part !== '' && (typeOnly || part.startsWith('type ')))
        .map((part) => part.replace(/^type /, '').replace(/^.* as /, '')),
    )
    .sort();
  return `import { expect } from 'vitest';
import { setupServer } from 'msw/node';
import { contractMatchers, type ContractMatchOptions } from 'plantkit/vitest';
import {
  createHandlers,
  type MswHandlerOptions,
  type MswSpec,
  type OverrideOptions,
  type OverrideResponse,
  type SpecHandlers,
} from 'plantkit/msw';
import { ${values.join(', ')} } from 'plantkit';
export type { ${types.join(', ')} } from 'plantkit';

export const everyValue = [${values.join(', ')}] as const;

export async function matchesContract(response: Response): Promise<void> {
  expect.extend(await contractMatchers('openapi.yaml'));
  const options: ContractMatchOptions = { strict: true };
  await expect(response).toMatchContract('addPlant', options);
  await expect(response).not.toMatchContract('addPlant');
}

export async function mockedInMsw(spec: MswSpec): Promise<SpecHandlers> {
  const options: MswHandlerOptions = { baseUrl: 'http://localhost:4010', stateful: true, token: 'pinned' };
  const plants = await createHandlers(spec, options);
  const server = setupServer(...plants.handlers);
  const answer: OverrideResponse = { status: 200, body: { name: 'Monstera' }, headers: { 'x-trace': '1' } };
  const once: OverrideOptions = { once: true };
  server.use(plants.override('addPlant', answer, once));
  plants.reset();
  server.close();
  return plants;
}
`;
}

describe('the packed tarball', () => {
  test('has no install-time scripts for a consumer to approve', async () => {
    const manifest = JSON.parse(await readFile(path.join(unpacked, 'package/package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    const installTime = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];
    expect(Object.keys(manifest.scripts ?? {}).filter((script) => installTime.includes(script))).toEqual([]);
  });

  test("the matchers' declarations load vitest's typings they augment", async () => {
    const declarations = await readFile(path.join(unpacked, 'package/dist/vitest/matchers.d.ts'), 'utf8');
    expect(declarations).toMatch(/^\/\/\/ <reference types="vitest"/);
    expect(declarations).toContain("declare module 'vitest'");
  });

  test('every sourceMappingURL points at a shipped file (there are none: no maps are shipped)', async () => {
    const files = (await readdir(path.join(unpacked, 'package'), { recursive: true })).map(String);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const dangling: string[] = [];
    for (const file of files.filter((name) => /\.(m|c)?js$|\.d\.ts$/.test(name))) {
      const text = await readFile(path.join(unpacked, 'package', file), 'utf8');
      for (const [, target] of text.matchAll(/[#@] sourceMappingURL=(\S+)/g)) {
        if (!files.includes(path.join(path.dirname(file), target!))) dangling.push(`${file} -> ${target}`);
      }
    }
    expect(dangling).toEqual([]);
  });
});

test('the install prints no npm warning', () => {
  expect(warnings(install.stderr)).toEqual([]);
});

describe.each(Object.keys(CONSUMERS))('a %s consumer package', (name) => {
  const directory = () => path.join(scratch, 'project', name);

  test.each(Object.keys(CONSUMERS[name as keyof typeof CONSUMERS].tsconfigs))(
    'type-checks every public export and toMatchContract with skipLibCheck off (%s)',
    (config) => {
      expect(typeChecks[`${name}/${config}`]).toBe('');
    },
  );

  test('loads: import and require, the library, the vitest and msw entries, and the CLI', async () => {
    const script =
      name === 'esm'
        ? "const p = await import('plantkit'); const v = await import('plantkit/vitest'); const m = await import('plantkit/msw'); console.log(typeof p.runContract, typeof v.contractMatchers, typeof m.createHandlers);"
        : "const p = require('plantkit'); const v = require('plantkit/vitest'); const m = require('plantkit/msw'); console.log(typeof p.runContract, typeof v.contractMatchers, typeof m.createHandlers);";
    // A script file in the package, so that its package.json decides ESM or CommonJS.
    const file = path.join(directory(), name === 'esm' ? 'load.js' : 'load.cjs');
    await writeFile(file, script);
    const loaded = await exec(process.execPath, [file], { cwd: directory() });
    expect(loaded.stdout).toBe('function function function\n');
    const version = await exec(
      process.execPath,
      [path.join(scratch, 'project/node_modules/plantkit/bin/plantkit.js'), '--version'],
      { cwd: directory() },
    );
    expect(version.stdout).toBe(`${ownPackage.version}\n`);
  });
});

/** The Vitest recipe for plantkit/msw in docs/frontend.md: its files by name, from `<!-- msw-recipe:FILE -->` blocks. */
async function docsRecipe(): Promise<Record<string, string>> {
  const page = await readFile(path.join(ROOT, 'docs/frontend.md'), 'utf8');
  const blocks = page.matchAll(/<!-- msw-recipe:([\w.-]+) -->\n```\w*\n([\s\S]*?)```\n<!-- \/msw-recipe -->/g);
  return Object.fromEntries([...blocks].map(([, file, code]) => [file!, code!]));
}

describe('a React-free frontend suite under the consumer vitest, with msw/node', () => {
  test("the docs' Vitest recipe passes: saving, the documented 400, an override, an off-spec override refused", async () => {
    const directory = path.join(scratch, 'project', 'esm');
    const recipe = await docsRecipe();
    expect(Object.keys(recipe).sort()).toEqual(['plant-client.js', 'plant-client.test.js']);
    for (const [file, code] of Object.entries(recipe)) await writeFile(path.join(directory, file), code);
    // The recipe loads openapi.yaml from the project, as a consumer keeps it: the Plant Store spec plantkit ships.
    await writeFile(
      path.join(directory, 'openapi.yaml'),
      await readFile(path.join(scratch, 'project/node_modules/plantkit/openapi.yaml'), 'utf8'),
    );
    const vitest = path.join(scratch, 'project/node_modules/vitest/vitest.mjs');
    const outcome = await exec(
      process.execPath,
      [vitest, 'run', '--reporter=json', '--outputFile=vitest-result.json', 'plant-client.test.js'],
      { cwd: directory, env: { ...process.env, CI: 'true' } },
    ).catch((error: { stdout: string; stderr: string }) => error);
    const result = JSON.parse(await readFile(path.join(directory, 'vitest-result.json'), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ assertionResults: Array<{ title: string; failureMessages: string[] }> }>;
    };
    const failures = result.testResults.flatMap((file) =>
      file.assertionResults.filter((test) => test.failureMessages.length > 0),
    );
    const output = `${outcome.stdout}${outcome.stderr}`;
    expect(failures, output).toEqual([]);
    expect({ passed: result.numPassedTests, failed: result.numFailedTests }, output).toEqual({ passed: 4, failed: 0 });
  }, 120_000);
});
