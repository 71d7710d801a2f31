/** A response object lost a `dependentRequired` entry: clients that relied on one property bringing others may miss them. */
import { dependentRequiredRule } from './dependent-required-rule.js';

/** response-dependent-required-removed */
export const responseDependentRequiredRemoved = dependentRequiredRule({
  id: 'response-dependent-required-removed',
  level: 'breaking',
  summary: 'a response dependentRequired entry was removed (a property no longer brings others)',
  direction: 'response',
  message: (name, names) => `'${name}' no longer guarantees ${names}`,
});
