/** A new operation: nothing existing breaks. */
import type { DiffRule } from '../types.js';

/** api-operation-added */
export const apiOperationAdded: DiffRule = {
  id: 'api-operation-added',
  level: 'info',
  summary: 'an operation was added',
  check: (comparison) =>
    comparison.addedOperations.map((operation) => ({
      operation: operation.label,
      pointer: operation.pointer,
      side: 'head',
      message: `operation ${operation.label} was added`,
    })),
};
