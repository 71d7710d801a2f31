/** A deprecated parameter is gone after its x-sunset date (or it had none): planned removal. */
import { removalRule } from './removal-rule.js';

/** request-parameter-removed-after-deprecation */
export const requestParameterRemovedAfterDeprecation = removalRule({
  id: 'request-parameter-removed-after-deprecation',
  level: 'info',
  summary: 'a deprecated parameter was removed (planned removal)',
  of: 'parameter',
  verdict: 'planned',
});
