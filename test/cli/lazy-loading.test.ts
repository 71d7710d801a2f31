/**
 * Each command loads only its own heavy dependencies (ARCHITECTURE.md):
 * the mock never loads undici or Spectral, the contract runner never Prism
 * or Spectral, the proxy neither Prism nor Spectral nor fast-check. Checked on the built modules in a fresh Node process.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';

/** The heavy packages present in require's cache after importing `module` (a path under dist/). */
function heavyPackagesLoadedBy(module: string): string[] {
  const script = `
    await import(${JSON.stringify(`./dist/${module}`)});
    const { createRequire } = await import('node:module');
    const cache = Object.keys(createRequire(import.meta.url).cache);
    const heavy = ['undici', '@stoplight/prism-http', '@stoplight/spectral-core', 'fast-check'];
    console.log(JSON.stringify(heavy.filter((name) => cache.some((file) => file.includes('/node_modules/' + name + '/')))));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString()) as string[];
}

test.each([
  ['the mock', 'cli/commands/mock.js', []],
  ['the contract runner', 'cli/commands/contract.js', ['undici']],
  ['the proxy', 'cli/commands/proxy.js', ['undici']],
  ['the spec commands', 'cli/commands/spec.js', []],
])('%s loads only its own heavy dependencies', (_name, module, want) => {
  expect(heavyPackagesLoadedBy(module)).toEqual(want);
});
