/** An optional response header is no longer documented: clients already cope with its absence, so this only informs. */
import type { DiffRule } from '../types.js';

/** response-optional-header-removed */
export const responseOptionalHeaderRemoved: DiffRule = {
  id: 'response-optional-header-removed',
  level: 'info',
  summary: 'an optional response header was removed',
  check: (comparison) =>
    comparison.responseHeaders
      .filter((pair) => pair.base && !pair.base.required && !pair.head)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `optional ${pair.name} was removed`,
      })),
};
