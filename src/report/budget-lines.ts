/**
 * The generated phases' time budget in the console report: durations as
 * people write them (`10 s`, `5 min`), the budgets in the run header, and
 * one closing line saying what the budget cut (the JSON report lists each
 * cut under `budget.cut`).
 */
import type { GeneratedSettings } from '../contract/events.js';
import type { RunResult } from '../contract/types.js';

/** `750 ms`, `10 s`, `1.5 s`, `5 min`, `2 min 30 s`, `2 h`. */
function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))} s`;
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** `budget 10 s per operation, 5 min in all`: the header's part on the budgets. */
export function budgetHeader(generated: GeneratedSettings): string {
  return `time budget ${formatDuration(generated.operationBudgetMs)} per operation, ${formatDuration(generated.generatedBudgetMs)} in all`;
}

/** The closing line on what the budget cut; none when it cut nothing. */
export function budgetLines(result: RunResult): string[] {
  const cut = result.budget?.cut ?? [];
  if (cut.length === 0 || !result.budget) return [];
  const byOperation = new Map<string, Set<string>>();
  for (const entry of cut)
    byOperation.set(entry.operation, (byOperation.get(entry.operation) ?? new Set()).add(entry.budget));
  const own = [...byOperation.values()].filter((kinds) => kinds.has('operation')).length;
  const shared = byOperation.size - own;
  const boundary = cut.reduce((sum, entry) => sum + (entry.casesNotSent ?? 0), 0);
  const random = cut.filter((entry) => entry.phase !== 'boundary').length;
  const reasons = [
    own ? `${own} used up --operation-budget ${formatDuration(result.budget.operationMs)}` : '',
    shared ? `${shared} their share of --generated-budget ${formatDuration(result.budget.generatedMs)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const what = [
    boundary ? `${boundary} boundary case${boundary === 1 ? '' : 's'} not sent` : '',
    random ? `${random} random phase${random === 1 ? '' : 's'} cut short or not started` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const operations = `${byOperation.size} operation${byOperation.size === 1 ? '' : 's'}`;
  return [
    `budget: the time budget cut the generated cases of ${operations} (${reasons})${what ? `: ${what}` : ''}; raise the budgets to send them`,
  ];
}
