/** A documented success status (1XX-3XX, exact or range) is gone: clients handling it break (OAS 3.1.0 section 4.8.16). */
import type { DiffRule } from '../types.js';

/** response-success-status-removed */
export const responseSuccessStatusRemoved: DiffRule = {
  id: 'response-success-status-removed',
  level: 'breaking',
  summary: 'a success response status was removed',
  check: (comparison) =>
    comparison.responses
      .filter((pair) => pair.base && !pair.head && /^[123]/.test(pair.base.status))
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `success ${pair.name} was removed`,
      })),
};
