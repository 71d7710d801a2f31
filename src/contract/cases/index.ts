/**
 * The case builders, in the order their cases run. A new kind of case is a
 * new file plus one line here.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import type { Operation } from '../../core/spec/types.js';
import { authCases } from './auth.js';
import type { CaseContext } from './context.js';
import { negativeBodyCases } from './negative-body.js';
import { negativeParameterCases } from './negative-parameters.js';
import { negativeSyntaxCases } from './negative-syntax.js';
import { notFoundCases } from './not-found.js';
import { positiveCases } from './positive.js';
import { scenarioCases } from './scenarios.js';

/** Builds the cases of one kind for one operation (async: cases are checked on the wire before they are trusted). */
export type CaseBuilder = (operation: Operation, context: CaseContext) => ContractCase[] | Promise<ContractCase[]>;

/** Every built-in case builder, in run order. */
export const CASE_BUILDERS: readonly CaseBuilder[] = [
  positiveCases,
  notFoundCases,
  negativeBodyCases,
  negativeSyntaxCases,
  negativeParameterCases,
  authCases,
  scenarioCases,
];

/** All cases for all operations. */
export async function buildCases(
  operations: readonly Operation[],
  context: CaseContext,
  builders = CASE_BUILDERS,
): Promise<ContractCase[]> {
  const cases: ContractCase[] = [];
  for (const operation of operations) for (const build of builders) cases.push(...(await build(operation, context)));
  return cases;
}

export { type CaseContext, createCaseContext } from './context.js';
