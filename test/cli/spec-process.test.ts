/** The built CLI as a child process (npm test builds first): the path users take, with real exit codes. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');
const exec = promisify(execFile);

async function plantkit(...args: string[]) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [path.join(root, 'bin/plantkit.js'), ...args], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('plantkit spec (built, child process)', () => {
  it.each([
    [
      'the project spec is clean',
      ['spec', 'check'],
      0,
      /no problems \(checks: structure, examples, schemas, lint; ruleset: \.spectral\.yaml\)/,
      '',
    ],
    [
      'lint findings as GitHub annotations',
      ['spec', 'check', 'test/fixtures/spec-check/examples-30.yaml', '--format', 'github'],
      1,
      /^::warning file=test\/fixtures\/spec-check\/examples-30\.yaml,line=2,col=6,title=lint\/info-description::/m,
      '',
    ],
    [
      'a missing ruleset',
      ['spec', 'check', '--ruleset', 'absent.yaml'],
      2,
      /^$/,
      /^plantkit: error: cannot read Spectral ruleset .*absent\.yaml: no such file\n$/,
    ],
  ])('%s', async (_name, args, code, stdout, stderr) => {
    const result = await plantkit(...args);
    expect(result.stdout).toMatch(stdout);
    expect(result.stderr).toMatch(stderr);
    expect(result.code).toBe(code);
  });
});
