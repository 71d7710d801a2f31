/**
 * `--reporter har`: the run's exchanges as an HTTP Archive 1.2 document
 * (http://www.softwareishard.com/blog/har-12-spec/), for a browser's network
 * panel (Chrome and Firefox import HAR) or any HAR viewer. One page per run,
 * one entry per exchange a case result stands for (har-entry.ts), secrets
 * redacted as in the JSON report. Written when the run ends, also when it
 * was interrupted.
 */
import type { RunEvent } from '../contract/events.js';
import { runSecrets, type Secret } from '../core/exchange/redact.js';
import { plantkitVersion } from '../core/version.js';
import { type HarEntry, harEntries } from './har-entry.js';
import { type ReportTarget, writeReportFile } from './report-target.js';
import type { Reporter } from './reporter.js';

/** Options of {@link createHarReporter}. */
export interface HarReporterOptions {
  target: ReportTarget;
  token: string | undefined;
  tokenEnv: string;
  /** Other values to keep out of the archive (credential headers). */
  secrets?: readonly Secret[];
  /** Clock for entry start times (injected in tests). */
  now?: () => Date;
}

/** The HAR reporter. */
export function createHarReporter(options: HarReporterOptions): Reporter {
  const now = options.now ?? (() => new Date());
  const secrets = runSecrets(options.token, options.tokenEnv, options.secrets);
  const entries: HarEntry[] = [];
  let page: { startedDateTime: string; id: string; title: string; pageTimings: Record<string, number> } | undefined;
  let archive: string | undefined;
  return {
    onEvent(event: RunEvent) {
      if (event.type === 'run-started') {
        const { spec } = event;
        page = {
          startedDateTime: now().toISOString(),
          id: 'plantkit-contract',
          title: `plantkit contract: ${spec.title} ${spec.apiVersion} against ${event.baseUrl}`,
          pageTimings: {},
        };
      } else if (event.type === 'case-finished') {
        for (const entry of harEntries(event.result, secrets, now())) entries.push(entry);
      } else if (event.type === 'run-finished') {
        const { passed, failed, skipped, notRun, stopped } = event.result;
        const log = {
          version: '1.2',
          creator: { name: 'plantkit', version: plantkitVersion() },
          pages: page ? [page] : [],
          entries: page ? entries.map((entry) => ({ pageref: page!.id, ...entry })) : entries,
          comment: `${passed} passed, ${failed} failed, ${skipped} skipped${notRun ? `, ${notRun} not run` : ''}${stopped ? `; stopped: ${stopped.message}` : ''}`,
        };
        archive = `${JSON.stringify({ log }, null, 1)}\n`;
      }
    },
    async close() {
      if (archive !== undefined) await writeReportFile(options.target, archive);
    },
  };
}
