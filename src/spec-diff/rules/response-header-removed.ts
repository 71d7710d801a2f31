/** A required response header is gone: clients that read it (a Location, a rate limit, an ETag) break (OAS 3.1.0 section 4.8.21). */
import type { DiffRule } from '../types.js';

/** response-header-removed */
export const responseHeaderRemoved: DiffRule = {
  id: 'response-header-removed',
  level: 'breaking',
  summary: 'a required response header was removed',
  check: (comparison) =>
    comparison.responseHeaders
      .filter((pair) => pair.base?.required && !pair.head)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `required ${pair.name} was removed`,
      })),
};
