/**
 * --only and --skip: which cases a run sends. A pattern matches a case id
 * as printed by the console (`auth/wrong-token`) or in full
 * (`addPlant/auth/wrong-token`), as a whole or as its leading segments
 * (`addPlant/auth` selects every auth case). `*` stands for any characters
 * within one segment, `**` for any characters across segments. A pattern
 * that matches no case the run knows is a usage error, raised before the
 * first request: a typo must never turn into a silent green run.
 */
import { UsageError } from '../core/errors.js';

/** The --only and --skip patterns of a run. */
export interface CaseFilter {
  only: readonly string[];
  skip: readonly string[];
}

/** A compiled pattern: true when it selects the case id. */
type Matcher = (id: string) => boolean;

/**
 * The selector of a run: true when a case id is matched by an --only pattern
 * (if any) and by no --skip pattern. `operationIds` tell where the operation
 * ends in an id (an operation without operationId is named `POST /plants`).
 */
export function createCaseSelector(filter: CaseFilter, operationIds: readonly string[]): (id: string) => boolean {
  const only = filter.only.map((pattern) => compilePattern(pattern, operationIds));
  const skip = filter.skip.map((pattern) => compilePattern(pattern, operationIds));
  return (id) => (only.length === 0 || only.some((match) => match(id))) && !skip.some((match) => match(id));
}

/**
 * Throws a UsageError when a pattern matches none of `knownIds`, or when the
 * filter leaves nothing to run; the message lists the prefixes that exist.
 */
export function checkCaseFilter(
  filter: CaseFilter,
  operationIds: readonly string[],
  knownIds: readonly string[],
): void {
  for (const [flag, patterns] of [
    ['--only', filter.only],
    ['--skip', filter.skip],
  ] as const) {
    for (const pattern of patterns) {
      const match = compilePattern(pattern, operationIds);
      if (!knownIds.some(match))
        throw new UsageError(`${flag} ${pattern} matches no case`, validPrefixes(knownIds, operationIds));
    }
  }
  const selected = createCaseSelector(filter, operationIds);
  if (knownIds.length > 0 && !knownIds.some(selected)) {
    throw new UsageError('--only and --skip leave no case to run', validPrefixes(knownIds, operationIds));
  }
}

/** `case ids start with addPlant/positive, addPlant/negative, ...; the operation may be left out`. */
function validPrefixes(ids: readonly string[], operationIds: readonly string[]): string {
  const prefixes = [
    ...new Set(
      ids.map((id) => {
        const operation = operationOf(id, operationIds);
        return `${operation}/${id.slice(operation.length + 1).split('/')[0]}`;
      }),
    ),
  ];
  const shown = prefixes.length > 12 ? [...prefixes.slice(0, 12), `and ${prefixes.length - 12} more`] : prefixes;
  return `case ids start with ${shown.join(', ')}; the operation may be left out, and * matches within a segment`;
}

/** The operation id a case id starts with (the longest, should one be a prefix of another). */
export function operationOf(id: string, operationIds: readonly string[]): string {
  let found = '';
  for (const operation of operationIds)
    if (id.startsWith(`${operation}/`) && operation.length > found.length) found = operation;
  return found || id.slice(0, Math.max(0, id.indexOf('/')));
}

/** A pattern as a matcher of full ids and of ids without their operation. */
function compilePattern(pattern: string, operationIds: readonly string[]): Matcher {
  const trimmed = pattern.replace(/\/+$/, '');
  const body = trimmed
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  // Whole segments only: `auth` selects `auth/missing`, never `authz/...`.
  const regex = new RegExp(`^(?:${body})(?:/|$)`);
  return (id) => regex.test(id) || regex.test(id.slice(operationOf(id, operationIds).length + 1));
}
