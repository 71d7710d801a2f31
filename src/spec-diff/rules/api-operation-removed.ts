/**
 * An operation that was not deprecated first is gone from a path that
 * remains (a removed path is reported once, by api-path-removed).
 */
import type { DiffRule } from '../types.js';
import { unannounced } from './api-path-removed.js';

/** api-operation-removed */
export const apiOperationRemoved: DiffRule = {
  id: 'api-operation-removed',
  level: 'breaking',
  summary: 'an operation was removed without being deprecated first',
  check: (comparison) => {
    const removedPaths = new Set(comparison.removedPaths.map((path) => path.item));
    return unannounced(comparison)
      .filter((operation) => !removedPaths.has(operation.item.path))
      .map((operation) => ({
        operation: operation.label,
        pointer: operation.pointer,
        side: 'base',
        message: `operation ${operation.label} was removed (it was not deprecated first)`,
      }));
  },
};
