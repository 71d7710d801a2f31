/** A deprecated parameter is gone before the x-sunset date it announced. */
import { removalRule } from './removal-rule.js';

/** request-parameter-removed-before-sunset */
export const requestParameterRemovedBeforeSunset = removalRule({
  id: 'request-parameter-removed-before-sunset',
  level: 'breaking',
  summary: 'a deprecated parameter was removed before its x-sunset date',
  of: 'parameter',
  verdict: 'before-sunset',
});
