/** A response branch is selected by a discriminator value clients never saw: they cannot dispatch it. */
import { discriminatorRule } from './discriminator-rule.js';

/** response-discriminator-value-added */
export const responseDiscriminatorValueAdded = discriminatorRule({
  id: 'response-discriminator-value-added',
  level: 'breaking',
  summary: 'a response oneOf/anyOf branch is selected by a new discriminator value (mapping changed)',
  direction: 'response',
});
