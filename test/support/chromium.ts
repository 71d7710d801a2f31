/**
 * Debian's Chromium for the tests a person would run in a browser, launched
 * headless through playwright-core (never a downloaded browser; .ci/run's
 * pretest installs it). PLANTKIT_CHROMIUM points elsewhere.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where the browser is. */
const CHROMIUM = process.env.PLANTKIT_CHROMIUM ?? '/usr/bin/chromium';

/** Launch it headless, quiet (no first-run, sync or background traffic); a missing browser says how to install it. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `no browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set PLANTKIT_CHROMIUM`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
