/** A request object gained a `dependentRequired` entry: sending one property now requires others too. */
import { dependentRequiredRule } from './dependent-required-rule.js';

/** request-dependent-required-added */
export const requestDependentRequiredAdded = dependentRequiredRule({
  id: 'request-dependent-required-added',
  level: 'breaking',
  summary: 'a request dependentRequired entry was added (a property now needs others)',
  direction: 'request',
  message: (name, names) => `sending '${name}' now also requires ${names}`,
});
