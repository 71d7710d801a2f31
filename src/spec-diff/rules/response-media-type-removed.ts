/** A response media type is gone: clients that ask for it (Accept) or parse it break. */
import type { DiffRule } from '../types.js';

/** response-media-type-removed */
export const responseMediaTypeRemoved: DiffRule = {
  id: 'response-media-type-removed',
  level: 'breaking',
  summary: 'a response media type was removed',
  check: (comparison) =>
    comparison.responseMediaTypes
      .filter((pair) => pair.base && !pair.head)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.basePointer!,
        side: 'base',
        message: `${pair.name}: media type was removed`,
      })),
};
