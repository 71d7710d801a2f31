/**
 * The framework apps as a CI job would use plantkit against them (issue 18, "How it is measured"): start each
 * app and broken variant of test/frameworks/apps/ on 127.0.0.1, fetch the OpenAPI document it generates, run
 * the built CLI's `plantkit contract` (default phases, a fixed seed) and read its JSON report; then serve each
 * committed spec with `plantkit mock --stateful` and run `plantkit contract` against that too. Prints one row
 * per run: distinct failures, spec gaps, coverage, exit code, and whether the planted bug was reported.
 *
 * The figures are worked out from the report's cases, so they compare across versions of the report:
 * - a failure is a finding of class `failure`; distinct failures differ in operation, check, status or pointer;
 * - a spec gap is an (operation, status) pair of the findings of class `spec-gap`;
 * - coverage is the share of the spec's operations that got at least one 2xx, from any case or sequence
 *   step (`cases` in brackets: from cases outside the stateful sequences only).
 *
 *   npm run build && node scripts/framework-apps.mjs [--json FILE] [--write-specs] [-- extra contract flags]
 *
 * `--write-specs` rewrites test/frameworks/specs/ from what the correct apps generate now.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { frameworkApps } from '../test/frameworks/apps/catalog.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = path.join(ROOT, 'bin/plantkit.js');

/** The seed of every run, so a table can be compared with the one before it. */
const SEED = 18;

/** Longest a CLI run may take before it is ended (by its pid). */
const RUN_LIMIT_MS = 180_000;

/** The environment of a CLI child: no credentials and no CI reporters from the caller's shell. */
function childEnvironment() {
  const env = { ...process.env, NO_COLOR: '1' };
  for (const name of Object.keys(env))
    if (name.startsWith('PLANTKIT_') || name === 'GITHUB_ACTIONS' || name === 'GITHUB_STEP_SUMMARY') delete env[name];
  return env;
}

/** Run `node bin/plantkit.js ...args`; resolves with its exit code and output. */
function runCli(args, { limitMs = RUN_LIMIT_MS } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: childEnvironment() });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text) => (stderr += text));
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
}

/**
 * `plantkit contract --spec SPEC --base-url URL --seed SEED` with the console and JSON reporters, the JSON
 * report written into `directory`. Resolves with the exit code, the console text and the parsed report.
 * @param {{ spec: string, baseUrl: string, directory: string, args?: string[], name?: string }} options
 * @returns {Promise<{ code: number, stdout: string, stderr: string, report: any }>}
 */
export async function runContractCli({ spec, baseUrl, directory, args = [], name = 'report' }) {
  const reportFile = path.join(directory, `${name}.json`);
  const outcome = await runCli([
    'contract',
    '--spec',
    spec,
    '--base-url',
    baseUrl,
    '--seed',
    String(SEED),
    '--reporter',
    'console',
    '--reporter',
    'json',
    '--output',
    reportFile,
    ...args,
  ]);
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    report = undefined;
  }
  return { ...outcome, report };
}

/** `plantkit mock --stateful --spec SPEC --port 0` as a child process; resolves once it listens. */
export function startStatefulMock(spec) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BIN, 'mock', '--stateful', '--spec', spec, '--port', '0', '--host', '127.0.0.1', '--no-watch', '--quiet'],
      { cwd: ROOT, env: childEnvironment() },
    );
    let output = '';
    const exited = new Promise((done) => child.once('close', done));
    const close = async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    };
    const timer = setTimeout(() => {
      void close();
      reject(new Error(`plantkit mock did not start within 60 s: ${output}`));
    }, 60_000);
    const listen = (text) => {
      output += text;
      const url = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      child.stdout.off('data', listen);
      child.stdout.resume();
      resolve({ url, close });
    };
    child.stdout.setEncoding('utf8').on('data', listen);
    child.stderr.setEncoding('utf8').on('data', (text) => (output += text));
    child.once('error', reject);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`plantkit mock stopped before it listened: ${output}`));
    });
  });
}

/** The operations of an OpenAPI document, each with a matcher for its path template. */
function operationsOf(document) {
  const operations = [];
  for (const [template, item] of Object.entries(document.paths ?? {}))
    for (const method of ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']) {
      const operation = item[method];
      if (!operation) continue;
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      operations.push({
        id: operation.operationId ?? `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        matches: (url) => new RegExp(`^${pattern}$`).test(new URL(url).pathname),
      });
    }
  return operations;
}

/**
 * Every exchange of a report as `{ operation, status, record, step }`: a case's own exchange, and each step
 * of a stateful sequence (its operation found from its method and path).
 */
function exchangesOf(report, document) {
  const operations = operationsOf(document);
  const exchanges = [];
  for (const record of report.cases ?? []) {
    if (record.sequence) {
      for (const step of record.sequence.steps) {
        const operation = operations.find(
          (candidate) => candidate.method === step.method && candidate.matches(step.url),
        );
        exchanges.push({ operation: operation?.id, status: step.status, record, step });
      }
    } else if (record.response) exchanges.push({ operation: record.operation, status: record.response.status, record });
  }
  return exchanges;
}

/** The status a finding of `record` was reported on: the failed step's in a sequence, else the response's. */
function statusesOfFinding(record, finding, exchanges) {
  if (!record.sequence) return [record.response?.status ?? null];
  const failed = record.sequence.steps.filter((step) => step.failed).map((step) => step.status);
  if (finding.class === 'failure' && failed.length > 0) return failed;
  // A spec gap in a sequence: the statuses its operation got there that are not a success.
  const own = exchanges
    .filter((exchange) => exchange.record === record && exchange.operation === finding.operation)
    .map((exchange) => exchange.status)
    .filter((status) => status !== null && (status < 200 || status > 299));
  return own.length > 0 ? own : [record.response?.status ?? null];
}

/** One failure signature (issue 18, section 3): operation, check, status and pointer. */
function signatureOf(finding, status) {
  return `${finding.operation} ${finding.check} ${status ?? 'no response'}${finding.pointer ? ` ${finding.pointer}` : ''}`;
}

/**
 * What a report says, worked out from its cases: failures by signature (each with the records behind it),
 * spec gaps as `operation status`, and coverage (operations with a 2xx; `fromCases` leaves out sequences).
 */
export function reportFigures(report, document) {
  const exchanges = exchangesOf(report, document);
  const failures = new Map();
  const specGaps = new Set();
  for (const record of report.cases ?? [])
    for (const finding of record.findings) {
      for (const status of statusesOfFinding(record, finding, exchanges)) {
        if (finding.class === 'failure') {
          const signature = signatureOf(finding, status);
          const behind = failures.get(signature) ?? new Set();
          failures.set(signature, behind.add(record));
        } else if (finding.class === 'spec-gap') specGaps.add(`${finding.operation} ${status}`);
      }
    }
  const operations = operationsOf(document).map((operation) => operation.id);
  const success = (exchange) => exchange.status !== null && exchange.status >= 200 && exchange.status <= 299;
  const reached = new Set(exchanges.filter(success).map((exchange) => exchange.operation));
  const reachedByCases = new Set(
    exchanges.filter((exchange) => success(exchange) && !exchange.step).map((exchange) => exchange.operation),
  );
  return {
    failedCases: report.summary?.failed ?? 0,
    failures,
    specGaps,
    coverage: {
      operations,
      reached: operations.filter((operation) => reached.has(operation)),
      fromCases: operations.filter((operation) => reachedByCases.has(operation)),
    },
  };
}

/** Whether `figures` hold a failure for `bug`: its operation, one of its checks, its status. */
function plantedBugFound(figures, bug) {
  return [...figures.failures.keys()].some((signature) => {
    const [operation, check, status] = signature.split(' ');
    return operation === bug.operation && bug.checks.includes(check) && status === String(bug.status);
  });
}

/** GET `url`/openapi.json as text: the document the app generates. */
export async function fetchGeneratedSpec(url) {
  const response = await fetch(`${url}/openapi.json`);
  if (!response.ok) throw new Error(`GET ${url}/openapi.json answered ${response.status}`);
  return `${JSON.stringify(await response.json(), null, 2)}\n`;
}

/** One row of the table: an app variant (or a stateful mock) under `plantkit contract`. */
async function measureRun({ label, spec, baseUrl, directory, planted, args }) {
  const begun = Date.now();
  const run = await runContractCli({ spec, baseUrl, directory, args, name: label.replace(/\W+/g, '-') });
  const document = JSON.parse(readFileSync(spec, 'utf8'));
  const row = { label, code: run.code, seconds: (Date.now() - begun) / 1000 };
  if (!run.report) return { ...row, error: run.stderr.trim().split('\n')[0] };
  const figures = reportFigures(run.report, document);
  return {
    ...row,
    failedCases: figures.failedCases,
    failures: [...figures.failures.keys()],
    specGaps: [...figures.specGaps],
    coverage: figures.coverage,
    planted: planted.map((bug) => ({ ...bug, found: plantedBugFound(figures, bug) })),
  };
}

/** Every app and variant, then a stateful mock of each committed spec; `onRow` sees each row as it comes. */
async function measureFrameworkApps({ args = [], writeSpecs = false, onRow = () => {} } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), 'plantkit-framework-apps-'));
  const rows = [];
  try {
    for (const app of frameworkApps) {
      for (const variant of app.variants) {
        const running = await app.start(variant.name);
        try {
          const generated = await fetchGeneratedSpec(running.url);
          const spec = path.join(directory, `${app.name}-${variant.name}.openapi.json`);
          writeFileSync(spec, generated);
          if (writeSpecs && variant.name === 'correct') writeFileSync(app.specFile, generated);
          const label = `${app.name} ${variant.name}`;
          const row = await measureRun({
            label,
            spec,
            baseUrl: running.url,
            directory,
            planted: variant.planted,
            args,
          });
          rows.push(row);
          onRow(row);
        } finally {
          await running.close();
        }
      }
    }
    for (const app of frameworkApps) {
      const mock = await startStatefulMock(app.specFile);
      try {
        const label = `${app.name} spec, plantkit mock --stateful`;
        const row = await measureRun({ label, spec: app.specFile, baseUrl: mock.url, directory, planted: [], args });
        rows.push(row);
        onRow(row);
      } finally {
        await mock.close();
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return rows;
}

/** A markdown table row for `row`. */
function tableRow(row) {
  if (row.error) return `| ${row.label} | error: ${row.error} | | | | ${row.code} | |`;
  const { operations, reached, fromCases } = row.coverage;
  const planted =
    row.planted.length === 0
      ? '-'
      : row.planted.map((bug) => `${bug.status} ${bug.found ? 'found' : 'MISSED'}`).join(', ');
  return `| ${row.label} | ${row.failures.length} (${row.failedCases} cases) | ${row.specGaps.length} | ${reached.length}/${operations.length} (cases ${fromCases.length}/${operations.length}) | ${planted} | ${row.code} | ${row.seconds.toFixed(1)} s |`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const dashes = argv.indexOf('--');
  const own = dashes < 0 ? argv : argv.slice(0, dashes);
  const json = own.includes('--json') ? own[own.indexOf('--json') + 1] : undefined;
  console.log(
    `plantkit contract, seed ${SEED}, default phases${dashes < 0 ? '' : `, ${argv.slice(dashes + 1).join(' ')}`}`,
  );
  console.log(
    '| app / variant | failures distinct (failed cases) | spec gaps | coverage 2xx | planted bug | exit | time |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const rows = await measureFrameworkApps({
    args: dashes < 0 ? [] : argv.slice(dashes + 1),
    writeSpecs: own.includes('--write-specs'),
    onRow: (row) => console.log(tableRow(row)),
  });
  if (json) writeFileSync(json, `${JSON.stringify(rows, null, 2)}\n`);
}
