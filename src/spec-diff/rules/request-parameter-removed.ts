/** A parameter is no longer documented: clients still sending it may be ignored or refused (oasdiff level: warning). */
import type { DiffRule } from '../types.js';

/** request-parameter-removed */
export const requestParameterRemoved: DiffRule = {
  id: 'request-parameter-removed',
  level: 'warning',
  summary: 'a parameter was removed',
  check: (comparison) =>
    comparison.parameters
      .filter((pair) => pair.base && !pair.head)
      .map((pair) => ({ operation: pair.operation, pointer: pair.basePointer!, side: 'base', message: `${pair.name} was removed` })),
};
