/** A response value may take a value clients do not know (a new enum member, or the enum dropped). */
import { valuesMissing } from '../same-value.js';
import { walkRule } from './walk-rule.js';

/** response-enum-value-added */
export const responseEnumValueAdded = walkRule({
  id: 'response-enum-value-added',
  level: 'breaking',
  summary: 'a response enum gained a value (or lost its enum)',
  direction: 'response',
  checkPairs: (pairs) =>
    pairs.schemas.flatMap((pair) => {
      const { base, head } = pair;
      if (pair.direction !== 'response' || !base.enum) return [];
      // A new null is reported by response-property-became-nullable.
      const added = head.enum ? valuesMissing(base.enum, head.enum).filter((value) => value !== null) : undefined;
      if (added?.length === 0) return [];
      const what = added
        ? `enum value${added.length > 1 ? 's' : ''} ${added.map((value) => JSON.stringify(value)).join(', ')} added`
        : 'enum removed';
      return [
        { operation: pair.operation, pointer: head.pointer, side: 'head' as const, message: `${pair.name}: ${what}` },
      ];
    }),
});
