/** A whole path is gone: every client calling any of its operations breaks (oasdiff: api-path-removed-without-deprecation). */
import type { DiffRule } from '../types.js';

/** api-path-removed */
export const apiPathRemoved: DiffRule = {
  id: 'api-path-removed',
  level: 'breaking',
  summary: 'a path (with all its operations) was removed',
  check: (comparison) =>
    comparison.removedPaths.map((path) => ({ operation: '', pointer: path.pointer, side: 'base', message: `path ${path.label} was removed` })),
};
