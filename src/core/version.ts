/** plantkit's own version, from package.json (for --version and reports). */
import { createRequire } from 'node:module';

/**
 * The version in package.json, e.g. `0.1.0`. Found by the package's own name (its exports map offers
 * `./package.json`): the build bundles this module into chunks that sit at other depths than src/.
 */
export function plantkitVersion(): string {
  return (createRequire(import.meta.url)('plantkit/package.json') as { version: string }).version;
}
