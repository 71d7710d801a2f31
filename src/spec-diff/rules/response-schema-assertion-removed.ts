/** A response schema lost a 2020-12 applicator: clients lose a guarantee they may rely on (a tuple shape, a conditional field, an item it contains). */
import { applicatorRule } from './applicator-rule.js';

/** response-schema-assertion-removed */
export const responseSchemaAssertionRemoved = applicatorRule({
  id: 'response-schema-assertion-removed',
  level: 'breaking',
  summary: 'a response schema lost an applicator (prefixItems, contains, dependentSchemas, if/then/else, ...)',
  direction: 'response',
  which: 'removed',
  message: (what) => `${what} removed: clients lose what it guaranteed`,
});
