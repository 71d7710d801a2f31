/** A request branch is no longer selected by a discriminator value clients send: the API cannot dispatch their bodies. */
import { discriminatorRule } from './discriminator-rule.js';

/** request-discriminator-value-removed */
export const requestDiscriminatorValueRemoved = discriminatorRule({
  id: 'request-discriminator-value-removed',
  level: 'breaking',
  summary: 'a request oneOf/anyOf branch is no longer selected by a discriminator value (mapping changed)',
  direction: 'request',
});
