// What the suites that run whole plantkit processes share: the mock on a
// spec in its own process, and one `plantkit contract` process with its
// wall time, its own peak resident set size (maxRSS) and its summary line.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The plantkit mock of `dist` on `spec` in its own process (`options`: MockOptions besides spec and port). */
export function startMock(dist, spec, options = {}) {
  const launcher = `const { startMock, loadSpec } = await import(${JSON.stringify(pathToFileURL(path.join(dist, 'index.js')).href)}); const mock = await startMock({ ...JSON.parse(process.argv[2]), spec: await loadSpec(process.argv[1]), port: 0, log: { write: () => true } }); console.log(mock.url);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', launcher, spec, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return announcedServer(child);
}

/** A child process that prints its URL on its first line: that URL, and a stop that ends it. */
export function announcedServer(child) {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (chunk) =>
      resolve({
        url: String(chunk).trim(),
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.kill();
          }),
      }),
    );
  });
}

/** One `plantkit contract` process of `dist` in `cwd`: wall time, its own peak RSS, its summary line. */
export function timeContract(dist, cwd, args, env = {}) {
  const launcher = `const { run } = await import(${JSON.stringify(pathToFileURL(path.join(dist, 'cli/run.js')).href)});
    const code = await run(process.argv.slice(1), { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() });
    process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n');
    process.exitCode = code;`;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', launcher, 'contract', '--quiet', ...args], {
      cwd,
      env: { ...process.env, PLANTKIT_TOKEN: 'bench-token', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const maxRss = Number(/maxrss (\d+)/.exec(err)?.[1] ?? 0);
      resolve({
        code,
        ms: performance.now() - started,
        maxRssMb: Math.round(maxRss / 1024),
        summary: /(\d+ passed, \d+ failed[^\n]*) in /.exec(out)?.[1] ?? `no summary: ${err.trim().split('\n')[0]}`,
      });
    });
  });
}
