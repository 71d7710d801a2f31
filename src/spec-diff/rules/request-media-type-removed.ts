/** A request media type is gone: clients sending it are refused (OAS 3.1.0 section 4.8.13.1, `content`). */
import type { DiffRule } from '../types.js';

/** request-media-type-removed */
export const requestMediaTypeRemoved: DiffRule = {
  id: 'request-media-type-removed',
  level: 'breaking',
  summary: 'a request body media type was removed',
  check: (comparison) =>
    comparison.requestMediaTypes
      .filter((pair) => pair.base && !pair.head)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `request body media type ${pair.base} was removed`,
      })),
};
