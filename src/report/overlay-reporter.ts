/**
 * `--spec-gaps FILE`: the run's spec gaps as an OpenAPI Overlay 1.0.0
 * document (spec-gap-overlay.ts), YAML when FILE ends in .yaml or .yml,
 * JSON otherwise, written atomically when the run ends, an interrupted run
 * included. Overlay 1.0.0 requires at least one action: a run without spec
 * gaps writes none, and removes the overlay an earlier run left at FILE so
 * no stale fix is applied.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { RunEvent } from '../contract/events.js';
import { createRedactor, runSecrets, type Secret } from '../core/exchange/redact.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { yamlText } from '../core/yaml/yaml-source.js';
import { writeFileAtomically } from './report-target.js';
import type { Reporter } from './reporter.js';
import { type OverlayDocument, specGapOverlay } from './spec-gap-overlay.js';

/** Options of {@link createOverlayReporter}. */
export interface OverlayReporterOptions {
  /** Absolute path of the overlay file. */
  file: string;
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the overlay (credential headers). */
  secrets?: readonly Secret[];
}

/** The spec-gap overlay writer. */
export function createOverlayReporter(options: OverlayReporterOptions): Reporter {
  const redact = createRedactor(runSecrets(options.token, options.tokenEnv, options.secrets));
  let spec: LoadedSpec | undefined;
  let overlay: OverlayDocument | undefined;
  let finished = false;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-started') spec = event.spec;
      if (event.type === 'run-finished' && spec) {
        finished = true;
        overlay = specGapOverlay(event.result.specGaps, spec, redact, extendsRef(options.file, spec.source));
      }
    },
    async close() {
      if (!finished) return;
      if (!overlay || overlay.actions.length === 0) {
        await rm(options.file, { force: true });
        return;
      }
      const text = /\.ya?ml$/i.test(options.file) ? yamlText(overlay) : `${JSON.stringify(overlay, null, 2)}\n`;
      await writeFileAtomically(options.file, text);
    },
  };
}

/** The spec file relative to the overlay's folder, as a URI reference (forward slashes); none for an inline spec. */
function extendsRef(file: string, source: string): string | undefined {
  if (!path.isAbsolute(source)) return undefined;
  return path.relative(path.dirname(file), source).split(path.sep).map(encodeURIComponent).join('/');
}
