/** A documented error response (4XX, 5XX or default) is gone: clients that parse its body lose the contract for it. */
import type { DiffRule } from '../types.js';

/** response-error-status-removed */
export const responseErrorStatusRemoved: DiffRule = {
  id: 'response-error-status-removed',
  level: 'breaking',
  summary: 'a documented error response (4XX, 5XX, default) was removed',
  check: (comparison) =>
    comparison.responses
      .filter((pair) => pair.base && !pair.head && !/^[123]/.test(pair.base.status))
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `error ${pair.name} was removed`,
      })),
};
