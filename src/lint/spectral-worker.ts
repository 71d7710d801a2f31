/** Worker-thread entry: lint the request it is given with Spectral and post the diagnostics (or the fault) back. */
import { parentPort, workerData } from 'node:worker_threads';
import { runSpectral, type LintReply, type LintRequest } from './spectral.js';

let reply: LintReply;
try {
  reply = { ok: true, diagnostics: await runSpectral(workerData as LintRequest) };
} catch (error) {
  const fault = error as { message?: string; code?: string; hint?: string };
  reply = { ok: false, error: { message: String(fault.message ?? error), code: fault.code, hint: fault.hint } };
}
parentPort?.postMessage(reply);
