/**
 * A diff input is a file, or a git revision and path (`origin/main:openapi.yaml`,
 * git's own `<rev>:<path>` syntax, gitrevisions(7)). A name that exists as a
 * file is always the file. Relative `$ref`s of a spec from a revision are read
 * from the same revision (`git show REV:other.yaml`), not from the work tree.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { SpecError } from '../core/errors.js';
import type { RefReader } from '../core/spec/ref-policy.js';
import { parseSpecSource, readSpecSource, type SpecSource } from '../core/spec/spec-source.js';

const run = promisify(execFile);
const GIT_OUTPUT_LIMIT = 64 * 1024 * 1024;

/** A spec to diff, read, with the reader its relative `$ref`s need. */
export interface SpecInput {
  source: SpecSource;
  /** Reads referenced files from the same revision; undefined: the disk. */
  readRef: RefReader | undefined;
}

/** Read `name` (relative to `cwd`) as a file, or else as `REV:PATH` from git. */
export async function readSpecInput(name: string, cwd: string): Promise<SpecInput> {
  const [, rev, file] = /^([^:]+):(.+)$/.exec(name) ?? [];
  const isFile = await stat(path.resolve(cwd, name)).then(
    () => true,
    () => false,
  );
  // A one-letter "revision" is a Windows drive (C:\spec.yaml), not git.
  if (isFile || rev === undefined || file === undefined || /^[a-z]$/i.test(rev)) {
    return {
      source: await readSpecSource(
        name,
        'pass a spec file, or a git revision and path such as origin/main:openapi.yaml',
        cwd,
      ),
      readRef: undefined,
    };
  }
  const root = await git(cwd, ['rev-parse', '--show-toplevel'], name).then((out) => out.trim());
  // git reads `REV:./x` relative to the working directory and `REV:x` relative to the top level.
  const absolute = /^\.\.?\//.test(file) ? path.resolve(cwd, file) : path.resolve(root, file);
  const show = (target: string) =>
    git(
      cwd,
      ['show', `${rev}:${path.relative(root, target).split(path.sep).join('/')}`],
      `${rev}:${path.relative(root, target)}`,
    );
  const text = await show(absolute);
  return {
    source: parseSpecSource(text, absolute, name),
    readRef: async (target) => Buffer.from(await show(target), 'utf8'),
  };
}

async function git(cwd: string, args: string[], label: string): Promise<string> {
  try {
    const { stdout } = await run('git', args, { cwd, maxBuffer: GIT_OUTPUT_LIMIT, encoding: 'utf8' });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    const reason =
      failure.code === 'ENOENT'
        ? 'git is not installed'
        : (failure.stderr ?? failure.message)
            .trim()
            .split('\n')[0]
            ?.replace(/^fatal: /, '');
    throw new SpecError(
      'PLANTKIT_SPEC_UNREADABLE',
      `cannot read spec ${label}: no such file, and git says: ${reason}`,
      {
        hint: 'pass a spec file, or a git revision and path such as origin/main:openapi.yaml (run git fetch first)',
      },
    );
  }
}
