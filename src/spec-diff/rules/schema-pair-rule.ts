/** The frame of rules that look at each schema pair of one direction: the rule record, with `hits` saying what one pair reports. */
import type { ChangeLevel, DiffRule, RuleHit, SchemaPair } from '../types.js';
import { walkRule } from './walk-rule.js';

/** A rule's record fields. */
export interface RuleHeader {
  id: string;
  level: ChangeLevel;
  summary: string;
}

/** A rule over the schema pairs of `direction` (undefined: both). */
export function schemaPairRule(
  header: RuleHeader,
  direction: SchemaPair['direction'] | undefined,
  hits: (pair: SchemaPair) => RuleHit[],
): DiffRule {
  return walkRule({
    id: header.id,
    level: header.level,
    summary: header.summary,
    ...(direction === undefined ? {} : { direction }),
    checkPairs: (pairs) => {
      // A loop, not flatMap: this runs for every pair of every walk, and most pairs report nothing.
      const found: RuleHit[] = [];
      for (const pair of pairs.schemas)
        if (direction === undefined || pair.direction === direction) for (const hit of hits(pair)) found.push(hit);
      return found;
    },
  });
}
