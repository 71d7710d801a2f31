/** A response value can now be null (3.1 type array or 3.0 `nullable`): clients that read it without a null check break. */
import { walkRule } from './walk-rule.js';

/** response-property-became-nullable */
export const responsePropertyBecameNullable = walkRule({
  id: 'response-property-became-nullable',
  level: 'breaking',
  summary: 'a response value became nullable',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.schemas
      .filter(
        (pair) => pair.direction === 'response' && pair.base.types !== undefined && !pair.base.types.includes('null'),
      )
      .filter((pair) => pair.head.types?.includes('null'))
      .map((pair) => ({
        operation: pair.operation,
        pointer: pair.head.pointer,
        side: 'head',
        message: `${pair.name} became nullable`,
      })),
});
