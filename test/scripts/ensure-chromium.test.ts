import { describe, expect, test } from 'vitest';
import { APT_INSTALL, chromiumPlan, DEFAULT_CHROMIUM } from '../../scripts/ensure-chromium.mjs';

type Machine = Parameters<typeof chromiumPlan>[0];

const machine = (given: Partial<Machine> & { files?: string[] }): Machine => ({
  env: given.env ?? {},
  exists: (file) => (given.files ?? []).includes(file),
  isRoot: given.isRoot ?? true,
  hasAptGet: given.hasAptGet ?? true,
});

describe('pretest: what to do about the browser the CORS test drives', () => {
  const cases: Array<[string, { given: Parameters<typeof machine>[0]; want: ReturnType<typeof chromiumPlan> }]> = [
    [
      'Debian chromium present',
      { given: { files: [DEFAULT_CHROMIUM] }, want: { action: 'ready', browser: DEFAULT_CHROMIUM } },
    ],
    [
      'PLANTKIT_CHROMIUM present wins',
      {
        given: { env: { PLANTKIT_CHROMIUM: '/opt/chrome' }, files: ['/opt/chrome'] },
        want: { action: 'ready', browser: '/opt/chrome' },
      },
    ],
    [
      'missing, root, apt-get: install quietly',
      { given: {}, want: { action: 'install', browser: DEFAULT_CHROMIUM, commands: APT_INSTALL } },
    ],
    [
      'missing, not root: one line saying what to run',
      {
        given: { isRoot: false },
        want: {
          action: 'fail',
          message:
            "the browser test needs Debian's chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium', then npm test",
        },
      },
    ],
    [
      'missing, no apt-get',
      {
        given: { hasAptGet: false },
        want: {
          action: 'fail',
          message:
            'the browser test needs Chromium and this machine has no apt-get: install Chromium, then run PLANTKIT_CHROMIUM=/path/to/chromium npm test',
        },
      },
    ],
    [
      'PLANTKIT_CHROMIUM names a missing file: never silently falls back',
      {
        given: { env: { PLANTKIT_CHROMIUM: '/nope' }, files: [DEFAULT_CHROMIUM] },
        want: {
          action: 'fail',
          message:
            "PLANTKIT_CHROMIUM=/nope does not exist: point it at a Chromium binary, or unset it to use Debian's /usr/bin/chromium",
        },
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(chromiumPlan(machine(given))).toEqual(want);
  });

  test('the install is non-interactive, quiet and without recommended packages', () => {
    expect(APT_INSTALL.at(-1)).toEqual(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium']);
  });
});
