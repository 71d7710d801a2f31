/** `mkdir -p` for a report's parent directories: made level by level, and an error ends it rather than a hang. */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { makeParentDirectories } from '../../src/report/parent-directories.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'plantkit-parents-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('makeParentDirectories', () => {
  test.each([
    ['three missing levels', 'a/b/c/report.json', 'a/b/c'],
    ['an existing directory', 'report.json', '.'],
    ['a relative path with ..', 'a/../d/report.json', 'd'],
  ])('%s', async (_name, file, made) => {
    await makeParentDirectories(path.join(directory, file));
    expect((await stat(path.join(directory, made))).isDirectory()).toBe(true);
  });

  test.each([
    ['a file as the parent', 'file.txt/report.json', 'EEXIST'],
    ['a file further up', 'file.txt/x/report.json', 'ENOTDIR'],
  ])('%s fails with the file system error', async (_name, file, code) => {
    await writeFile(path.join(directory, 'file.txt'), '');
    await expect(makeParentDirectories(path.join(directory, file))).rejects.toMatchObject({ code });
  });

  test('a level the kernel refuses (/proc) fails at once: Node 20 recursive mkdir never returns there', async () => {
    await expect(makeParentDirectories('/proc/plantkit-nowhere/deeper/report.json')).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
