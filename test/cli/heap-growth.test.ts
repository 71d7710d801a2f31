/**
 * The contract command's cap on V8's heap growth (src/cli/heap-growth.ts), measured for real: a child
 * Node process turns over short-lived objects around a steady live set, as a long contract run does,
 * and its peak memory is read with and without the cap, and with node started with its own setting.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, expect, test } from 'vitest';

const folder = mkdtempSync(path.join(tmpdir(), 'plantkit-heap-growth-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The module as the package ships it (compiled), and a churning workload that calls it when asked. */
async function workload(): Promise<string> {
  await build({
    entryPoints: [path.join(import.meta.dirname, '../../src/cli/heap-growth.ts')],
    outfile: path.join(folder, 'heap-growth.mjs'),
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
  });
  const script = path.join(folder, 'churn.mjs');
  writeFileSync(
    script,
    `import { capHeapGrowth } from './heap-growth.mjs';
    if (process.argv[2] === 'cap') capHeapGrowth();
    const live = [];
    for (let round = 0; round < 4000; round += 1) {
      const batch = Array.from({ length: 2000 }, (_, index) => ({ round, index, text: 'x'.repeat(20) + index }));
      if (round % 10 === 0) live.push(batch);
      if (live.length > 100) live.shift();
    }
    console.log(process.resourceUsage().maxRSS);`,
  );
  return script;
}

/** Peak resident memory (KB) of one run of the workload. */
function peakKb(script: string, mode: 'cap' | 'none', nodeFlags: string[] = []): number {
  return Number(
    execFileSync(process.execPath, [...nodeFlags, script, mode])
      .toString()
      .trim(),
  );
}

test("capped, the peak is well below V8's default growth; node's own --heap-growing-percent is kept", async () => {
  const script = await workload();
  const uncapped = peakKb(script, 'none');
  const capped = peakKb(script, 'cap');
  const usersOwn = peakKb(script, 'cap', ['--heap-growing-percent=300']);
  expect(capped).toBeLessThan(uncapped * 0.9);
  expect(usersOwn).toBeGreaterThan(capped * 1.1);
}, 60_000);
