/** `plantkit contract`: check an implementation against the spec. */
import path from 'node:path';
import { runContract } from '../../contract/run-contract.js';
import { CONTRACT_DEFAULTS } from '../../contract/options.js';
import { CHECKS } from '../../contract/checks/index.js';
import { loadSpec } from '../../spec/load-spec.js';
import { integerFlag, parseCommandArgs } from '../args.js';
import { EXIT, type CliIO } from '../io.js';
import type { GeneratedPhase } from '../../contract/types.js';
import { createReporters, reporterRequests } from '../reporter-flags.js';
import type { Command } from './command.js';

const HELP = `Usage: plantkit contract --base-url URL [options]

Send requests derived from the spec to a running implementation and check
every response (status, Content-Type, JSON body against its schema, auth).

Options:
  --base-url URL         implementation to test (required), e.g. http://127.0.0.1:8080
  --spec FILE            OpenAPI 3.0/3.1 file (default: ${CONTRACT_DEFAULTS.spec})
  --token-env NAME       environment variable holding the bearer token (default: ${CONTRACT_DEFAULTS.tokenEnv})
  --timeout MS           per-request deadline in milliseconds (default: ${CONTRACT_DEFAULTS.timeoutMs})
  --strict               also flag response properties the schema does not declare
  --contracts DIR        scenario files (default: contracts/ beside the spec)
  --no-contracts         run no scenario files
  --only PREFIX          run only cases whose id starts with PREFIX (repeatable)
  --skip PREFIX          skip cases whose id starts with PREFIX (repeatable)
  --quiet                print failing cases and the summary only
  --allow-external-refs  let the spec $ref files outside its folder and URLs
  -h, --help             show this help

Reports (repeatable; each --output belongs to the --reporter before it):
  --reporter NAME        console, json, junit or github (default: console;
                         github is added when GITHUB_ACTIONS=true)
  --output FILE          write that reporter's report to FILE instead of stdout
                         (github: the markdown summary; default $GITHUB_STEP_SUMMARY)

Generated cases (property-based, after the static ones; docs/property-cases.md):
  --seed N               replay the generated cases of an earlier run (default: random; always printed)
  --max-cases N          random cases per operation in each random phase (default: ${CONTRACT_DEFAULTS.maxCases})
  --max-shrinks N        requests spent shrinking one failure (default: ${CONTRACT_DEFAULTS.maxShrinks}; 0 reports it unshrunk)
  --phases LIST          comma-separated, from ${CONTRACT_DEFAULTS.phases.join(',')} (default: all)
  --no-generated         send the static cases only

Checks: ${CHECKS.map((check) => check.id).join(', ')}
Exit codes: 0 all cases passed, 1 a case failed, 2 usage, spec or target error.`;

/** The contract command. */
export const contractCommand: Command = {
  name: 'contract',
  help: HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, tokens } = parseCommandArgs('contract', argv, {
      'base-url': { type: 'string' },
      spec: { type: 'string', default: CONTRACT_DEFAULTS.spec },
      'token-env': { type: 'string', default: CONTRACT_DEFAULTS.tokenEnv },
      timeout: { type: 'string' },
      strict: { type: 'boolean', default: CONTRACT_DEFAULTS.strict },
      contracts: { type: 'string' },
      // Declared so parseArgs reads --no-contracts as contracts: false (negation needs a boolean).
      'no-contracts': { type: 'boolean' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      quiet: { type: 'boolean', default: false },
      'allow-external-refs': { type: 'boolean', default: false },
      generated: { type: 'boolean', default: CONTRACT_DEFAULTS.generated },
      seed: { type: 'string' },
      'max-cases': { type: 'string' },
      'max-shrinks': { type: 'string' },
      phases: { type: 'string' },
      reporter: { type: 'string', multiple: true },
      output: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      io.stdout.write(`${HELP}\n`);
      return EXIT.ok;
    }
    const tokenEnv = String(values['token-env']);
    const token = io.env[tokenEnv] || undefined;
    const timeoutMs = integerFlag('timeout', values.timeout, CONTRACT_DEFAULTS.timeoutMs);
    const reporters = createReporters(reporterRequests(tokens, io.env), { io, token, tokenEnv, quiet: values.quiet === true });
    const spec = await loadSpec(path.resolve(io.cwd, String(values.spec)), { allowExternalRefs: values['allow-external-refs'] === true });
    const contracts = values.contracts === false ? false : typeof values.contracts === 'string' ? path.resolve(io.cwd, values.contracts) : undefined;
    const result = await runContract({
      baseUrl: String(values['base-url'] ?? ''),
      spec,
      token,
      tokenEnv,
      timeoutMs,
      strict: values.strict === true,
      ...(contracts === undefined ? {} : { contracts }),
      only: (values.only as string[] | undefined) ?? [],
      skip: (values.skip as string[] | undefined) ?? [],
      onEvent: (event) => reporters.forEach((reporter) => reporter.onEvent(event)),
      generated: values.generated !== false,
      ...(values.seed === undefined ? {} : { seed: integerFlag('seed', values.seed, 0, 0) }),
      maxCases: integerFlag('max-cases', values['max-cases'], CONTRACT_DEFAULTS.maxCases, 0),
      maxShrinks: integerFlag('max-shrinks', values['max-shrinks'], CONTRACT_DEFAULTS.maxShrinks, 0),
      ...(typeof values.phases === 'string' ? { phases: values.phases.split(',').map((phase) => phase.trim()).filter(Boolean) as GeneratedPhase[] } : {}),
    }).finally(() => closeAll(reporters));
    return result.failed > 0 ? EXIT.findings : EXIT.ok;
  },
};

/** Close every reporter (each writes its file), then raise the first failure: one unwritable report must not lose the others. */
async function closeAll(reporters: ReadonlyArray<{ close(): Promise<void> }>): Promise<void> {
  const outcomes = await Promise.allSettled(reporters.map((reporter) => reporter.close()));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
