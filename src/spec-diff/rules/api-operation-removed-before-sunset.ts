/** A deprecated operation is gone before the x-sunset date it announced: clients were promised it until then. */
import { removalRule } from './removal-rule.js';

/** api-operation-removed-before-sunset */
export const apiOperationRemovedBeforeSunset = removalRule({
  id: 'api-operation-removed-before-sunset',
  level: 'breaking',
  summary: 'a deprecated operation was removed before its x-sunset date',
  of: 'operation',
  verdict: 'before-sunset',
});
