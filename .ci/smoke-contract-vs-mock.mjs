// Smoke test on whatever Node runs this script (CI runs it on Node 24 from
// the npm package `node@24`): start `plantkit mock` on a free port, run
// `plantkit contract` against it, expect exit 0. Both are real CLI processes.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'bin/plantkit.js');
const token = 'smoke-token';

console.log(`smoke: node ${process.version}`);
const mock = spawn(process.execPath, [cli, 'mock', '--port', '0', '--token', token, '--quiet'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve, reject) => {
  let seen = '';
  const timer = setTimeout(() => reject(new Error(`the mock did not start within 30 s: ${seen}`)), 30_000);
  mock.stdout.on('data', (chunk) => {
    seen += chunk;
    const match = /on (http:\/\/\S+)/.exec(seen);
    if (match) {
      clearTimeout(timer);
      resolve(match[1]);
    }
  });
  mock.once('exit', (code) => reject(new Error(`the mock exited with ${code}: ${seen}`)));
});

const contract = spawn(process.execPath, [cli, 'contract', '--base-url', url, '--quiet'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLANTKIT_TOKEN: token },
});
const code = await new Promise((resolve) => contract.once('exit', resolve));
mock.kill('SIGTERM');
console.log(`smoke: plantkit contract against plantkit mock on node ${process.version} exited with ${code}`);
process.exitCode = code === 0 ? 0 : 1;
