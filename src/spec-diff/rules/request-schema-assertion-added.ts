/**
 * A request schema gained a 2020-12 applicator (`prefixItems`, `contains`,
 * `dependentSchemas`, `patternProperties`, `propertyNames`,
 * `unevaluatedProperties`/`Items`, `if`/`then`/`else`, `not`): each asserts
 * more, so values clients sent may now be refused.
 */
import { applicatorRule } from './applicator-rule.js';

/** request-schema-assertion-added */
export const requestSchemaAssertionAdded = applicatorRule({
  id: 'request-schema-assertion-added',
  level: 'breaking',
  summary: 'a request schema gained an applicator (prefixItems, contains, dependentSchemas, if/then/else, ...)',
  direction: 'request',
  which: 'added',
  message: (what) => `${what} added: values that do not satisfy it are refused`,
});
