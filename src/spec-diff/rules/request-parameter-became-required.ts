/** An optional parameter became required: requests that omit it now fail. */
import type { DiffRule } from '../types.js';

/** request-parameter-became-required */
export const requestParameterBecameRequired: DiffRule = {
  id: 'request-parameter-became-required',
  level: 'breaking',
  summary: 'an optional parameter became required',
  check: (comparison) =>
    comparison.parameters
      .filter((pair) => pair.base && pair.head && !pair.base.required && pair.head.required)
      .map((pair) => ({
        operation: pair.operation,
        pointer: `${pair.headPointer!}/required`,
        side: 'head',
        message: `${pair.name} became required`,
      })),
};
