/**
 * A change plantkit cannot classify as breaking or not (a changed `if`
 * condition, a changed `not`, replaced `patternProperties` patterns): never
 * passed silently, reported for a person to judge.
 */
import { applicatorRule } from './applicator-rule.js';

/** schema-change-unclassified */
export const schemaChangeUnclassified = applicatorRule({
  id: 'schema-change-unclassified',
  level: 'warning',
  summary: 'a schema change whose effect cannot be classified (if condition, not, patternProperties patterns)',
  direction: undefined,
  which: 'unclassified',
  message: (what) => `${what}: plantkit cannot tell whether this accepts more or less; review it`,
});
