/** `plantkit proxy`: validate live traffic between a client and a real server until stopped. */
import path from 'node:path';
import { UsageError } from '../../core/errors.js';
import { PROXY_DEFAULTS } from '../../proxy/options.js';
import { startProxy } from '../../proxy/start-proxy.js';
import { FAIL_ON, type FailOn, failsOn } from '../../proxy/summary.js';
import { createProxyHtmlReporter } from '../../report/proxy-html-reporter.js';
import { createProxyJsonReporter } from '../../report/proxy-json-reporter.js';
import { createProxyJunitReporter } from '../../report/proxy-junit-reporter.js';
import { createProxyLogReporter } from '../../report/proxy-log-reporter.js';
import { PROXY_REPORTER_NAMES, type ProxyReporter, type ProxyReporterName } from '../../report/proxy-reporter.js';
import { checkReportFile } from '../../report/report-target.js';
import { HELP_FLAG, integerFlag, type ParsedArgs, parseCommandArgs, REPORTER_FLAGS } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import type { Command } from './command.js';

const HELP = `Usage: plantkit proxy --upstream URL [options]

Stand between a client (a frontend, an end-to-end suite) and a real server
and check every exchange with the contract runner's validators and checks:
the request against its operation (client-side violations), the answer
against the documented status, Content-Type, headers and schema, and
whether a request the spec calls invalid was accepted (server-side
violations). Requests and answers are passed on unchanged.

Options:
  --upstream URL         the real server (required), e.g. http://127.0.0.1:8080; a path
                         (/api) is put before every request path
  --spec FILE            OpenAPI 3.0/3.1 or Swagger 2.0 file (default: ${PROXY_DEFAULTS.spec})
  --port N               port (default: ${PROXY_DEFAULTS.port}; 0 picks a free one)
  --host HOST            interface to bind (default: ${PROXY_DEFAULTS.host})
  --timeout MS           deadline for the upstream's whole answer (default: ${PROXY_DEFAULTS.timeoutMs}); later: 504
  --max-body-bytes N     largest answer read (default: ${PROXY_DEFAULTS.maxBodyBytes}); larger: 502
  --errors               replace an answer with server-side violations by a 502 in the
                         spec's Error shape naming them (as Prism's --errors)
  --no-violations-header no x-plantkit-violations count header on answers
  --strict               also flag answer properties the schema does not declare
  --contracts DIR        contracts/ files whose echo rules apply to live answers
                         (default: contracts/ beside the spec)
  --no-contracts         apply no contracts/ rules
  --fail-on KIND         server, client or any (default: any): exit 1 at shutdown when a
                         violation of that kind was seen
  --quiet                no line per exchange with violations; the summary only
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Reports (repeatable; each --output belongs to the --reporter before it):
  --reporter NAME        json (schemas/proxy-report.schema.json), junit or html (one
                         self-contained page, as plantkit contract's), written at shutdown
  --output FILE          where that reporter writes (required: stdout carries the log)

Credentials travel through unchanged and are never printed or written to a
report. Ctrl-C or SIGTERM stops the proxy: the exchanges in flight finish,
then the summary is printed and the reports are written.
Exit codes: 0 no violation of the --fail-on kind, 1 one was seen,
            2 usage or spec error, port in use.`;

/** The proxy command. */
export const proxyCommand: Command = {
  name: 'proxy',
  help: HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, tokens } = parseCommandArgs('proxy', argv, {
      upstream: { type: 'string' },
      spec: { type: 'string', default: PROXY_DEFAULTS.spec },
      port: { type: 'string' },
      host: { type: 'string', default: PROXY_DEFAULTS.host },
      timeout: { type: 'string' },
      'max-body-bytes': { type: 'string' },
      errors: { type: 'boolean', default: PROXY_DEFAULTS.errors },
      'violations-header': { type: 'boolean', default: PROXY_DEFAULTS.violationsHeader },
      strict: { type: 'boolean', default: PROXY_DEFAULTS.strict },
      contracts: { type: 'string' },
      // Declared so parseArgs reads --no-contracts as contracts: false (negation needs a boolean).
      'no-contracts': { type: 'boolean' },
      'fail-on': { type: 'string', default: 'any' },
      quiet: { type: 'boolean', default: false },
      'allow-external-refs': { type: 'boolean', default: false },
      ...REPORTER_FLAGS,
      ...HELP_FLAG,
    });
    if (values.help) {
      io.stdout.write(`${HELP}\n`);
      return EXIT.ok;
    }
    const failOn = String(values['fail-on']) as FailOn;
    if (!FAIL_ON.includes(failOn))
      throw new UsageError(`--fail-on must be ${FAIL_ON.join(', ')}, got '${String(values['fail-on'])}'`);
    const reports = reportRequests(tokens);
    // Before listening: a verdict must never be lost to an unwritable --output.
    for (const report of reports)
      await checkReportFile(path.resolve(io.cwd, report.output), `--output ${report.output}`);
    const reporters: ProxyReporter[] = [
      createProxyLogReporter({ out: io.stdout, verbose: values.quiet !== true }),
      ...reports.map((report) => {
        const target = { file: path.resolve(io.cwd, report.output) };
        if (report.name === 'html') return createProxyHtmlReporter({ target });
        return report.name === 'json'
          ? createProxyJsonReporter({ target, failOn })
          : createProxyJunitReporter({ target });
      }),
    ];
    const contracts =
      values.contracts === false
        ? false
        : typeof values.contracts === 'string'
          ? path.resolve(io.cwd, values.contracts)
          : undefined;
    const proxy = await startProxy({
      upstream: String(values.upstream ?? ''),
      spec: path.resolve(io.cwd, String(values.spec)),
      port: integerFlag('port', values.port, PROXY_DEFAULTS.port, 0),
      host: String(values.host),
      timeoutMs: integerFlag('timeout', values.timeout, PROXY_DEFAULTS.timeoutMs),
      maxBodyBytes: integerFlag('max-body-bytes', values['max-body-bytes'], PROXY_DEFAULTS.maxBodyBytes),
      errors: values.errors === true,
      violationsHeader: values['violations-header'] !== false,
      strict: values.strict === true,
      ...(contracts === undefined ? {} : { contracts }),
      allowExternalRefs: values['allow-external-refs'] === true,
      onEvent: (event) => {
        for (const reporter of reporters) reporter.onEvent(event);
      },
    });
    const routes =
      proxy.spec.operations.length > 8
        ? `${proxy.spec.operations.length} operations`
        : proxy.spec.operations.map((operation) => `${operation.method} ${operation.path}`).join(', ');
    io.stdout.write(
      `plantkit proxy: ${proxy.spec.title} ${proxy.spec.apiVersion} on ${proxy.url} -> ${proxy.upstream} (${routes})\n`,
    );
    io.stdout.write(
      `  fails on ${failOn === 'any' ? 'any violation' : `${failOn}-side violations`}; answers ${values.errors ? 'with server-side violations become 502' : 'passed on unchanged'}${values['violations-header'] === false ? '' : ', with x-plantkit-violations'}; Ctrl-C stops\n`,
    );
    const problem = await proxy.upstreamProblem();
    // Often the upstream starts beside the proxy in CI: said once, not a fault.
    if (problem) io.stderr.write(`plantkit proxy: warning: ${problem}; requests get 502 until it answers\n`);
    await (io.waitForStop?.() ?? new Promise<void>(() => {}));
    const summary = await proxy.close();
    const outcomes = await Promise.allSettled(reporters.map((reporter) => reporter.close()));
    const failedReport = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failedReport) throw failedReport.reason;
    const failing = failsOn(summary, failOn);
    io.stdout.write(
      `plantkit proxy: exit ${failing ? `${EXIT.findings}: violations of the --fail-on ${failOn} kind were seen` : `${EXIT.ok}: no violation of the --fail-on ${failOn} kind`}\n`,
    );
    return failing ? EXIT.findings : EXIT.ok;
  },
};

/** `--reporter NAME --output FILE` pairs in command-line order; each reporter needs its file. */
function reportRequests(tokens: ParsedArgs['tokens']): Array<{ name: ProxyReporterName; output: string }> {
  const requests: Array<{ name: ProxyReporterName; output: string | undefined }> = [];
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.name === 'reporter') {
      const name = String(token.value);
      if (!(PROXY_REPORTER_NAMES as readonly string[]).includes(name))
        throw new UsageError(
          `unknown proxy reporter '${name}'`,
          `use ${PROXY_REPORTER_NAMES.join(' or ')}; the log on stdout is the console report`,
        );
      requests.push({ name: name as ProxyReporterName, output: undefined });
    } else if (token.name === 'output') {
      const last = requests.at(-1);
      if (!last || last.output !== undefined)
        throw new UsageError(
          `--output ${token.value} must follow the --reporter it is for`,
          'e.g. --reporter junit --output proxy.xml',
        );
      last.output = token.value;
    }
  }
  const missing = requests.find((request) => request.output === undefined);
  if (missing)
    throw new UsageError(`--reporter ${missing.name} needs an --output FILE`, 'the proxy writes its log to stdout');
  return requests as Array<{ name: ProxyReporterName; output: string }>;
}
