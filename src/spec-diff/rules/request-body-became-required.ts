/** The request body is now required (or a required body was added): requests without one fail (OAS 3.1.0 section 4.8.13.1). */
import type { DiffRule } from '../types.js';

/** request-body-became-required */
export const requestBodyBecameRequired: DiffRule = {
  id: 'request-body-became-required',
  level: 'breaking',
  summary: 'the request body became required (or a required body was added)',
  check: (comparison) =>
    comparison.requestBodies
      .filter((pair) => pair.head?.required && !pair.base?.required)
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.headPointer!,
        side: 'head',
        message: pair.base ? 'request body became required' : 'a required request body was added',
      })),
};
