/** Reporters: consumers of run events. The library never prints; reporters do. */
import type { RunEvent } from '../contract/events.js';

/** One reporter of a run. */
export interface Reporter {
  onEvent(event: RunEvent): void;
  /** Flush and write files; called once after the run (or its fault). */
  close(): Promise<void>;
}

/** Reporter names the CLI accepts for --reporter. */
export const REPORTER_NAMES = ['console', 'json', 'junit', 'github', 'har', 'html'] as const;

/** One of {@link REPORTER_NAMES}. */
export type ReporterName = (typeof REPORTER_NAMES)[number];
