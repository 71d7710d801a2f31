/** A deprecated operation is gone after its x-sunset date (or it had none): the planned end of its lifecycle. */
import { removalRule } from './removal-rule.js';

/** api-operation-removed-after-deprecation */
export const apiOperationRemovedAfterDeprecation = removalRule({
  id: 'api-operation-removed-after-deprecation',
  level: 'info',
  summary: 'a deprecated operation was removed (planned removal)',
  of: 'operation',
  verdict: 'planned',
});
