#!/usr/bin/env node
// @ts-check
/**
 * `npm test`'s pretest step: the mock's CORS test drives Debian's Chromium
 * (never a browser a test tool downloads). On a fresh Debian machine run as
 * root, `npm ci && npm test` must pass with nothing else done, so this
 * installs the `chromium` package with apt-get when it is missing. Where it
 * cannot (not root, no apt-get), it fails with one line that says what to
 * run: never a silent skip of the browser test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where the browser test looks for Chromium unless PLANTKIT_CHROMIUM names another binary. */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** apt-get runs that install Chromium, quietly and without questions. */
export const APT_INSTALL = [
  ['apt-get', 'update', '-qq'],
  ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
];

/**
 * @typedef {object} Machine
 * @property {Record<string, string | undefined>} env
 * @property {(file: string) => boolean} exists
 * @property {boolean} isRoot
 * @property {boolean} hasAptGet
 */

/**
 * @typedef {{ action: 'ready', browser: string }
 *   | { action: 'install', browser: string, commands: string[][] }
 *   | { action: 'fail', message: string }} ChromiumPlan
 */

/**
 * What to do about the browser on this machine: nothing, install it, or fail with one line.
 * @param {Machine} machine
 * @returns {ChromiumPlan}
 */
export function chromiumPlan(machine) {
  const configured = machine.env.PLANTKIT_CHROMIUM;
  if (configured) {
    if (machine.exists(configured)) return { action: 'ready', browser: configured };
    return {
      action: 'fail',
      message: `PLANTKIT_CHROMIUM=${configured} does not exist: point it at a Chromium binary, or unset it to use Debian's ${DEFAULT_CHROMIUM}`,
    };
  }
  if (machine.exists(DEFAULT_CHROMIUM)) return { action: 'ready', browser: DEFAULT_CHROMIUM };
  if (!machine.hasAptGet) {
    return {
      action: 'fail',
      message: `the browser test needs Chromium and this machine has no apt-get: install Chromium, then run PLANTKIT_CHROMIUM=/path/to/chromium npm test`,
    };
  }
  if (!machine.isRoot) {
    return {
      action: 'fail',
      message: `the browser test needs Debian's chromium at ${DEFAULT_CHROMIUM}: run 'sudo apt-get install -y chromium', then npm test`,
    };
  }
  return { action: 'install', browser: DEFAULT_CHROMIUM, commands: APT_INSTALL };
}

/** This machine, as {@link chromiumPlan} sees it. */
function thisMachine() {
  const hasAptGet = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  return { env: process.env, exists: existsSync, isRoot: process.getuid?.() === 0, hasAptGet };
}

/**
 * Carry out the plan; returns the exit code.
 * @param {ChromiumPlan} plan
 * @param {(line: string) => void} say
 */
export function applyChromiumPlan(plan, say) {
  if (plan.action === 'ready') return 0;
  if (plan.action === 'fail') {
    say(`pretest: ${plan.message}`);
    return 1;
  }
  say(
    `pretest: installing Debian's chromium for the browser test (${plan.commands.map((command) => command.join(' ')).join(' && ')})`,
  );
  for (const [command, ...args] of plan.commands) {
    const ran = spawnSync(/** @type {string} */ (command), args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      encoding: 'utf8',
    });
    if (ran.status !== 0) {
      const last = `${ran.stderr ?? ''}${ran.error?.message ?? ''}`.trim().split('\n').at(-1) ?? '';
      say(
        `pretest: '${[command, ...args].join(' ')}' failed (${last || `exit ${ran.status}`}): install chromium yourself, then npm test`,
      );
      return 1;
    }
  }
  if (!existsSync(plan.browser)) {
    say(
      `pretest: apt-get installed chromium but ${plan.browser} is missing: set PLANTKIT_CHROMIUM to the Chromium binary, then npm test`,
    );
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = applyChromiumPlan(chromiumPlan(thisMachine()), (line) => process.stderr.write(`${line}\n`));
}
