import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeNotices } from '../../scripts/bundle-notices.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A real esbuild bundle of two installed packages (one MIT, one BSD-3-Clause), as the build scripts make them. */
describe('third-party notices of a bundle', () => {
  let directory: string;
  let notices: string;
  let count: number;

  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'plantkit-notices-'));
    const entry = path.join(directory, 'entry.js');
    const outfile = path.join(directory, 'out.cjs');
    await writeFile(
      entry,
      "const equal = require('fast-deep-equal'); const uri = require('fast-uri'); module.exports = [equal, uri];",
    );
    const result = await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      absWorkingDir: ROOT,
      nodePaths: [path.join(ROOT, 'node_modules')],
      metafile: true,
      logLevel: 'silent',
    });
    count = writeNotices(ROOT, result.metafile, outfile);
    notices = await readFile(`${outfile}.NOTICES.txt`, 'utf8');
  });

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  test('names every bundled package with its version and licence, and counts them', async () => {
    const version = async (name: string) =>
      JSON.parse(await readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
    expect(count).toBe(2);
    expect(notices).toContain(`Third-party software bundled in out.cjs: 2 packages.`);
    expect(notices).toContain(`fast-deep-equal@${await version('fast-deep-equal')} (MIT)`);
    expect(notices).toContain(`fast-uri@${await version('fast-uri')} (BSD-3-Clause)`);
  });

  test("carries each package's own licence file, copyright lines included", async () => {
    for (const name of ['fast-deep-equal', 'fast-uri']) {
      const licence = await readFile(path.join(ROOT, 'node_modules', name, 'LICENSE'), 'utf8');
      expect(notices).toContain(licence.trim());
    }
    expect(notices).toMatch(/Copyright/);
  });

  test("names nothing of the bundle's own code (files outside node_modules)", () => {
    expect(notices).not.toContain('entry.js');
  });
});
