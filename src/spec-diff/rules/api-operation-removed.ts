/** An operation is gone from a path that remains (a removed path is reported once, by api-path-removed). */
import type { DiffRule } from '../types.js';

/** api-operation-removed */
export const apiOperationRemoved: DiffRule = {
  id: 'api-operation-removed',
  level: 'breaking',
  summary: 'an operation was removed from a path that still exists',
  check: (comparison) => {
    const removedPaths = new Set(comparison.removedPaths.map((path) => path.label));
    return comparison.removedOperations
      .filter((operation) => !removedPaths.has(operation.item.path))
      .map((operation) => ({ operation: operation.label, pointer: operation.pointer, side: 'base', message: `operation ${operation.label} was removed` }));
  },
};
