/**
 * The build's steps write their logs to stderr: `npm pack --json` runs the
 * build (prepack) and release tooling parses its stdout as JSON. .ci/run
 * parses that stdout for real; this test holds every step named in the build
 * script to it without running the build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The scripts `npm run build` runs, in order. */
function buildSteps(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return [...scripts.build!.matchAll(/node (scripts\/[\w-]+\.mjs)/g)].map((match) => match[1]!);
}

test('the build has steps to check', () => {
  expect(buildSteps()).toContain('scripts/build-bundle.mjs');
});

test.each(buildSteps())('%s writes nothing to stdout', (step) => {
  const text = readFileSync(path.join(ROOT, step), 'utf8');
  expect(text).not.toMatch(/console\.(log|info)\(|process\.stdout\.write/);
});
