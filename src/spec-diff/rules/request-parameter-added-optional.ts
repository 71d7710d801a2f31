/** A new optional parameter: existing requests stay valid. */
import type { DiffRule } from '../types.js';

/** request-parameter-added-optional */
export const requestParameterAddedOptional: DiffRule = {
  id: 'request-parameter-added-optional',
  level: 'info',
  summary: 'a new optional parameter',
  check: (comparison) =>
    comparison.parameters
      .filter((pair) => !pair.base && pair.head && !pair.head.required)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.headPointer!,
        side: 'head',
        message: `new optional ${pair.name}`,
      })),
};
