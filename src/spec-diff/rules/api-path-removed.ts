/**
 * A whole path is gone: every client calling any of its operations breaks
 * (oasdiff: api-path-removed-without-deprecation). A path whose operations
 * were all deprecated first is reported per operation instead (deprecation.ts);
 * a path entry that had no operations is no change at all.
 */
import { removalOf } from '../deprecation.js';
import type { DiffRule } from '../types.js';

/** api-path-removed */
export const apiPathRemoved: DiffRule = {
  id: 'api-path-removed',
  level: 'breaking',
  summary: 'a path (with all its operations) was removed without deprecating its operations first',
  check: (comparison) =>
    comparison.removedPaths
      .filter((path) => unannounced(comparison).some((operation) => operation.item.path === path.item))
      .map((path) => ({
        operation: path.label,
        pointer: path.pointer,
        side: 'base',
        message: `path ${path.label} was removed`,
      })),
};

/** Removed operations that were not deprecated first. */
export function unannounced(comparison: Parameters<DiffRule['check']>[0]) {
  return comparison.removedOperations.filter(
    (operation) => removalOf(comparison.base.document, operation.pointer, comparison.now).verdict === 'unannounced',
  );
}
