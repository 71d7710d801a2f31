/** `plantkit report merge`: one verdict from the JSON reports of a sharded contract run. */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { failsRun } from '../../contract/spec-gaps.js';
import { PlantkitError, UsageError } from '../../core/errors.js';
import { mergeReports } from '../../report/merge/merge-reports.js';
import { readReports } from '../../report/merge/read-reports.js';
import { renderMerged } from '../../report/merge/render-merged.js';
import { writeReportFile } from '../../report/report-target.js';
import { HELP_FLAG, parseCommandArgs, REPORTER_FLAGS } from '../args.js';
import { type CliIO, EXIT } from '../io.js';
import { checkReportOutputs, reporterRequests } from '../reporter-flags.js';
import type { Command } from './command.js';

const HELP = `Usage: plantkit report merge REPORT.json... [--reporter NAME [--output FILE]]...

Combine the JSON reports of one contract run's shards (plantkit contract
--shard i/n --reporter json --output shard-i.json) into one verdict: the
cases of every shard, distinct failures, spec gaps and coverage together,
and one exit status. Every shard must be there once, from the same spec,
--seed, --fail-on and plantkit version.

Options:
  --reporter NAME        console, json, junit, github or html (default: console;
                         github is added when GITHUB_ACTIONS=true); repeatable
  --output FILE          write that reporter's report to FILE instead of stdout
                         (github: the markdown summary; default $GITHUB_STEP_SUMMARY)
  -h, --help             show this help

Exit codes: 0 the merged run passed, 1 it failed (as plantkit contract would
            have exited on the whole run), 2 reports that are not one run's
            shards, an unreadable file, or a usage error.`;

/** The report command. */
export const reportCommand: Command = {
  name: 'report',
  help: HELP,
  async run(argv: string[], io: CliIO): Promise<number> {
    const { values, positionals, tokens } = parseCommandArgs(
      'report',
      argv,
      {
        ...REPORTER_FLAGS,
        ...HELP_FLAG,
      },
      Number.MAX_SAFE_INTEGER,
    );
    if (values.help || positionals.length === 0) {
      io.stdout.write(`${HELP}\n`);
      return values.help ? EXIT.ok : EXIT.error;
    }
    const [action, ...files] = positionals;
    if (action !== 'merge')
      throw new UsageError(`unknown report action '${action}'`, 'use: plantkit report merge REPORT.json...');
    const requests = reporterRequests(tokens, io.env);
    const har = requests.find((request) => request.name === 'har');
    if (har)
      throw new UsageError(
        'report merge cannot write a HAR file: the JSON reports keep the failing exchanges only',
        'write one with --reporter har --output shard-N.har in each shard; a HAR viewer opens several',
      );
    await checkReportOutputs(requests, io);
    const merged = mergeReports(await readReports(files, io.cwd));
    for (const request of requests) {
      const output = renderMerged(request.name, merged, io.cwd);
      if (output.commands) io.stdout.write(output.commands);
      const file =
        request.output !== undefined
          ? path.resolve(io.cwd, request.output)
          : request.name === 'github'
            ? io.env.GITHUB_STEP_SUMMARY || undefined
            : undefined;
      // The step summary is shared by the job's steps: added to, as the live github reporter does.
      if (file !== undefined && request.name === 'github') await appendSummary(file, output.text);
      else if (file !== undefined) await writeReportFile({ file }, output.text);
      else if (request.name !== 'github') io.stdout.write(output.text);
    }
    return failsRun(merged.verdict, merged.verdict.failOn) ? EXIT.findings : EXIT.ok;
  },
};

async function appendSummary(file: string, text: string): Promise<void> {
  try {
    await appendFile(file, text);
  } catch (error) {
    throw new PlantkitError('PLANTKIT_IO', `cannot write the step summary ${file}: ${(error as Error).message}`);
  }
}
