/**
 * A parameter that was not deprecated first is no longer documented: clients
 * still sending it may be refused or silently ignored, both a change of
 * behaviour they were not warned of. A deprecated one is planned removal
 * (request-parameter-removed-after-deprecation).
 */
import { removalOf } from '../deprecation.js';
import type { DiffRule } from '../types.js';

/** request-parameter-removed */
export const requestParameterRemoved: DiffRule = {
  id: 'request-parameter-removed',
  level: 'breaking',
  summary: 'a parameter was removed without being deprecated first',
  check: (comparison) =>
    comparison.parameters
      .filter(
        (pair) =>
          pair.base &&
          !pair.head &&
          removalOf(comparison.base.document, pair.basePointer!, comparison.now).verdict === 'unannounced',
      )
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `${pair.name} was removed (it was not deprecated first)`,
      })),
};
