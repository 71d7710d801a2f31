/** Runs `plantkit contract` in-process against a test app, capturing the report. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from '../../../src/cli/run.js';
import { APP_TOKEN, type RunningApp, startPlantStore, type Variant } from '../../apps/plant-store.js';

/** The repository root: openapi.yaml and contracts/ live there. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** What one CLI run printed and returned. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
  app: RunningApp;
}

/** Start `variant`, run `plantkit contract --base-url <app> ...args` with the app's token, stop the app. */
export async function contractAgainst(variant: Variant, args: string[] = []): Promise<CliRun> {
  const app = await startPlantStore(variant);
  let out = '';
  let err = '';
  try {
    const code = await run(['contract', '--base-url', app.url, ...args], {
      stdout: { write: (text: string) => (out += text) },
      stderr: { write: (text: string) => (err += text) },
      env: { PLANTKIT_TOKEN: APP_TOKEN },
      cwd: ROOT,
    });
    return { code, out, err, app };
  } finally {
    await app.close();
  }
}
