/**
 * The contract runner's checks, run on every exchange in this order: the
 * shared response checks (core/response/checks/) that the runner runs, then
 * the stateful phase's own. A new check is a new file plus one line here.
 */
import { checksFor } from '../../core/response/checks/index.js';
import type { Check } from '../../core/response/types.js';
import { firstPageNotEmptyCheck } from './first-page-not-empty.js';
import { listHonoursLimitCheck } from './list-honours-limit.js';
import { listIncludesCreatedCheck } from './list-includes-created.js';
import { resourceAvailableCheck } from './resource-available.js';
import { secondDeleteNotFoundCheck } from './second-delete-not-found.js';
import { storedEqualsSentCheck } from './stored-equals-sent.js';
import { totalCountAtLeastCheck } from './total-count-at-least.js';
import { totalCountMatchesCheck } from './total-count-matches.js';
import { useAfterDeleteCheck } from './use-after-delete.js';

/** Every built-in check of a contract run. */
export const CHECKS: readonly Check[] = [
  ...checksFor('contract'),
  // Stateful phase: these read what the sequence model expects of a step (case.stateful) and see nothing else.
  resourceAvailableCheck,
  storedEqualsSentCheck,
  useAfterDeleteCheck,
  secondDeleteNotFoundCheck,
  listIncludesCreatedCheck,
  totalCountMatchesCheck,
  listHonoursLimitCheck,
  totalCountAtLeastCheck,
  firstPageNotEmptyCheck,
];
