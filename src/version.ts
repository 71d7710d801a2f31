/** plantkit's own version, from package.json (for --version and reports). */
import { createRequire } from 'node:module';

/** The version in package.json, e.g. `0.1.0`. */
export function plantkitVersion(): string {
  return (createRequire(import.meta.url)('../package.json') as { version: string }).version;
}
