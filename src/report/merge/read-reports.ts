/**
 * Reading the reports `plantkit report merge` is given, and refusing a set
 * that is not one run's shards: a file that is not a plantkit contract
 * report, reports of another spec, seed, --fail-on or plantkit version, a
 * shard given twice or missing, or two reports holding the same case. Each
 * refusal names the file that differs and the one it was compared with.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../../core/errors.js';
import type { ContractReport } from '../contract-report.js';

/** A report and the file it came from (as given on the command line). */
export interface ReadReport {
  file: string;
  report: ContractReport;
}

const HINT =
  "merge the JSON reports of one run's shards: the same spec, --seed, --fail-on and plantkit version, each shard once";

/** Read every file and check they can be merged; throws a UsageError naming the file otherwise. */
export async function readReports(files: readonly string[], cwd: string): Promise<ReadReport[]> {
  if (files.length === 0)
    throw new UsageError(
      'report merge needs the JSON reports to merge',
      'e.g. plantkit report merge shard-*.json --reporter junit --output junit.xml',
    );
  const twice = files.find((file, index) => files.indexOf(file) !== index);
  if (twice !== undefined) throw new UsageError(`${twice} is given twice`, HINT);
  const reports: ReadReport[] = [];
  for (const file of files) reports.push({ file, report: await readReport(file, cwd) });
  const [first, ...others] = reports;
  for (const other of others) checkSameRun(first!, other);
  checkShards(reports);
  checkDisjoint(reports);
  return reports;
}

async function readReport(file: string, cwd: string): Promise<ContractReport> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      HINT,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${file} is not JSON: ${(error as Error).message}`,
      'give the files --reporter json --output wrote',
    );
  }
  const report = parsed as Partial<ContractReport> | null;
  if (
    typeof report !== 'object' ||
    report === null ||
    report.reportVersion !== 1 ||
    report.tool?.name !== 'plantkit' ||
    !Array.isArray(report.cases) ||
    typeof report.summary !== 'object'
  )
    throw new UsageError(
      `${file} is not a plantkit contract report (schemas/contract-report.schema.json, reportVersion 1)`,
      'give the files plantkit contract --reporter json --output wrote',
    );
  return report as ContractReport;
}

/** The same spec, seed, --fail-on and plantkit version as the first report. */
function checkSameRun(first: ReadReport, other: ReadReport): void {
  const a = first.report;
  const b = other.report;
  const differ = (what: string, theirs: string, ours: string) =>
    new UsageError(`${other.file} ${what} ${theirs}, ${first.file} ${ours}: they are not shards of one run`, HINT);
  if (b.tool.version !== a.tool.version)
    throw differ('was written by plantkit', b.tool.version, `by plantkit ${a.tool.version}`);
  const spec = (report: ContractReport) =>
    `${report.spec.title} ${report.spec.version}${report.spec.digest ? ` (${report.spec.digest.slice(0, 19)}…)` : ''}`;
  const sameSpec = a.spec.digest && b.spec.digest ? a.spec.digest === b.spec.digest : spec(a) === spec(b);
  if (!sameSpec) throw differ('is a report of', spec(b), `of ${spec(a)}`);
  const seed = (report: ContractReport) =>
    report.generated ? `--seed ${report.generated.seed}` : 'no generated cases';
  if (seed(a) !== seed(b)) throw differ('ran with', seed(b), `with ${seed(a)}`);
  const failOn = (report: ContractReport) => `--fail-on ${report.failOn ?? 'failure'}`;
  if (failOn(a) !== failOn(b)) throw differ('ran with', failOn(b), `with ${failOn(a)}`);
}

/** All sharded or none; one count; every shard exactly once. */
function checkShards(reports: readonly ReadReport[]): void {
  const sharded = reports.filter((item) => item.report.shard);
  if (sharded.length === 0) return;
  const unsharded = reports.find((item) => !item.report.shard);
  if (unsharded)
    throw new UsageError(`${unsharded.file} is not a shard, ${sharded[0]!.file} is shard ${label(sharded[0]!)}`, HINT);
  const count = sharded[0]!.report.shard!.count;
  const seen = new Map<number, string>();
  for (const item of sharded) {
    const shard = item.report.shard!;
    if (shard.count !== count)
      throw new UsageError(
        `${item.file} is shard ${label(item)}, ${sharded[0]!.file} shard ${label(sharded[0]!)}`,
        HINT,
      );
    const earlier = seen.get(shard.index);
    if (earlier !== undefined) throw new UsageError(`${earlier} and ${item.file} are both shard ${label(item)}`, HINT);
    seen.set(shard.index, item.file);
  }
  const missing = Array.from({ length: count }, (_, index) => index + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    throw new UsageError(
      `shard ${missing.map((index) => `${index}/${count}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: the merged verdict would leave out its operations`,
      `give the reports of all ${count} shards (a shard that failed to write its report must be run again)`,
    );
}

/** No case in two reports: merging the same run twice would count it twice. */
function checkDisjoint(reports: readonly ReadReport[]): void {
  const owner = new Map<string, string>();
  for (const { file, report } of reports)
    for (const record of report.cases) {
      const earlier = owner.get(record.id);
      if (earlier !== undefined && earlier !== file)
        throw new UsageError(`${earlier} and ${file} both hold case ${record.id}`, HINT);
      owner.set(record.id, file);
    }
}

function label(item: ReadReport): string {
  return `${item.report.shard!.index}/${item.report.shard!.count}`;
}
