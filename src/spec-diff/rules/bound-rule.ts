/**
 * Rules on single bounds, built from one description: in a request a bound
 * that tightens breaks clients (values they sent are refused); in a response
 * a bound that loosens breaks them (values they relied on never coming now
 * may). A missing lower bound counts as 0 (JSON Schema 2020-12 validation
 * section 6: `minLength`, `minItems`, `minContains` default to 0, and
 * `minContains` to 1 where `contains` is present, which this ignores).
 */
import type { Bounds } from '../schema-record.js';
import type { DiffRule, RuleHit, SchemaPair } from '../types.js';
import { schemaPairRule, type RuleHeader } from './schema-pair-rule.js';

type CountBound = Exclude<keyof Bounds, 'pattern'>;

/** What a bound rule watches. */
export interface BoundRuleSpec extends RuleHeader {
  direction: 'request' | 'response';
  /** Bounds and whether each limits from above (`max*`) or below (`min*`). */
  bounds: ReadonlyArray<{ key: CountBound; side: 'upper' | 'lower' }>;
}

/** A rule reporting each watched bound that moved the breaking way. */
export function boundRule(spec: BoundRuleSpec): DiffRule {
  return schemaPairRule(spec, spec.direction, (pair) =>
    spec.bounds.flatMap(({ key, side }): RuleHit[] => {
      const what = spec.direction === 'request' ? tightened(pair, key, side) : loosened(pair, key, side);
      return what
        ? [{ operation: pair.operation, pointer: pair.head.pointer, side: 'head', message: `${pair.name}: ${what}` }]
        : [];
    }),
  );
}

function tightened(pair: SchemaPair, key: CountBound, side: 'upper' | 'lower'): string | undefined {
  const [base, head] = [pair.base.bounds[key], pair.head.bounds[key]];
  if (side === 'upper') {
    if (head === undefined || (base !== undefined && head >= base)) return undefined;
    return base === undefined ? `${key} added: ${head}` : `${key} lowered from ${base} to ${head}`;
  }
  if ((head ?? 0) <= (base ?? 0)) return undefined;
  return `${key} raised from ${base ?? 0} to ${head}`;
}

function loosened(pair: SchemaPair, key: CountBound, side: 'upper' | 'lower'): string | undefined {
  const [base, head] = [pair.base.bounds[key], pair.head.bounds[key]];
  if (base === undefined) return undefined;
  if (side === 'upper') {
    if (head !== undefined && head <= base) return undefined;
    return head === undefined ? `${key} ${base} removed` : `${key} raised from ${base} to ${head}`;
  }
  if ((head ?? 0) >= base) return undefined;
  return head === undefined ? `${key} ${base} removed` : `${key} lowered from ${base} to ${head}`;
}
