/** Reporters of a proxy: consumers of proxy events (the library never prints). */
import type { ProxyEvent } from '../proxy/types.js';

/** One reporter of a running proxy. */
export interface ProxyReporter {
  onEvent(event: ProxyEvent): void;
  /** Flush and write files; called once after the proxy stopped (or its fault). */
  close(): Promise<void>;
}

/** Reporter names `plantkit proxy --reporter` accepts (each needs an --output file: stdout carries the log). */
export const PROXY_REPORTER_NAMES = ['json', 'junit', 'html'] as const;

/** One of {@link PROXY_REPORTER_NAMES}. */
export type ProxyReporterName = (typeof PROXY_REPORTER_NAMES)[number];
