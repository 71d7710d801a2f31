/**
 * The CI policy over classified changes: per-rule levels from the config
 * (`off` drops a rule), accepted changes from the ignore file (kept aside
 * with their reason, and not counted), and ignore entries that matched
 * nothing (reported, so stale entries get removed).
 */
import type { Change } from '../types.js';
import type { LevelSetting } from './diff-config.js';
import type { IgnoreEntry } from './ignore-file.js';

/** A change accepted by an ignore entry. */
export interface IgnoredChange extends Change {
  /** The entry's reason. */
  reason: string;
  /** Where the entry is written (`file:line:column`). */
  ignoredBy: string;
}

/** Changes after the policy. */
export interface PolicyOutcome {
  changes: Change[];
  ignored: IgnoredChange[];
  /** Entries that matched no change. */
  unusedIgnores: IgnoreEntry[];
}

/** Apply `levels` and `ignore` to `changes`. */
export function applyPolicy(
  changes: readonly Change[],
  levels: Readonly<Record<string, LevelSetting>>,
  ignore: readonly IgnoreEntry[],
): PolicyOutcome {
  const outcome: PolicyOutcome = { changes: [], ignored: [], unusedIgnores: [] };
  const used = new Set<IgnoreEntry>();
  for (const change of changes) {
    const level = levels[change.id] ?? change.level;
    if (level === 'off') continue;
    // The record itself when its level stands (most do): no copy per change (Stripe has 146,686).
    const leveled = level === change.level ? change : { ...change, level };
    const entry = ignore.find((candidate) => matches(candidate, leveled));
    if (!entry) {
      outcome.changes.push(leveled);
      continue;
    }
    used.add(entry);
    outcome.ignored.push({ ...leveled, reason: entry.reason, ignoredBy: entry.at });
  }
  outcome.unusedIgnores = ignore.filter((entry) => !used.has(entry));
  return outcome;
}

/** The method and path a change is about, read from its operation label (`POST /plants`, `/plants` for a path, `POST webhook:added`). */
function changeTarget(change: Pick<Change, 'operation'>): { method: string | undefined; path: string } {
  const match = /^([A-Z]+) (.*?)(?: \(callback .*\))?$/.exec(change.operation);
  return match ? { method: match[1], path: match[2]! } : { method: undefined, path: change.operation };
}

function matches(entry: IgnoreEntry, change: Change): boolean {
  if (entry.rule !== change.id) return false;
  const target = changeTarget(change);
  if (entry.method !== undefined && entry.method !== target.method) return false;
  return shape(entry.path) === shape(target.path);
}

/** `/plants/{id}` and `/plants/{plantId}` are one path (OAS 3.1.0 section 4.8.8.2). */
function shape(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}
