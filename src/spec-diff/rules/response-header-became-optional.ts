/** A response header that was always sent may now be missing: clients reading it without a check break. */
import type { DiffRule } from '../types.js';

/** response-header-became-optional */
export const responseHeaderBecameOptional: DiffRule = {
  id: 'response-header-became-optional',
  level: 'breaking',
  summary: 'a required response header became optional',
  check: (comparison) =>
    comparison.responseHeaders
      .filter((pair) => pair.base?.required && pair.head && !pair.head.required)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.headPointer!,
        side: 'head',
        message: `${pair.name} became optional`,
      })),
};
