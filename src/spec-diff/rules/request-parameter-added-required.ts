/** A new required parameter: existing requests lack it (OAS 3.1.0 section 4.8.12.1, `required`). */
import type { DiffRule } from '../types.js';

/** request-parameter-added-required */
export const requestParameterAddedRequired: DiffRule = {
  id: 'request-parameter-added-required',
  level: 'breaking',
  summary: 'a new required parameter',
  check: (comparison) =>
    comparison.parameters
      .filter((pair) => !pair.base && pair.head?.required)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.headPointer!,
        side: 'head',
        message: `new required ${pair.name}`,
      })),
};
