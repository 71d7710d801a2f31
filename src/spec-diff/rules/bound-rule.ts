/**
 * Rules on single bounds, built from one description: in a request a bound
 * that tightens breaks clients (values they sent are refused); in a response
 * a bound that loosens breaks them (values they relied on never coming now
 * may). A missing lower bound counts as 0 (JSON Schema 2020-12 validation
 * section 6: `minLength`, `minItems`, `minContains` default to 0, and
 * `minContains` to 1 where `contains` is present, which this ignores).
 * An `enum`/`const` bounds string lengths too (enum-bounds.ts): the side
 * whose looseness would be reported (the base of a request, the head of a
 * response) is read with that bound, so a bound replaced by a list of values
 * that fits inside it is no change; the message names the stated keywords.
 */
import { effectiveLength, impliedLength } from '../enum-bounds.js';
import type { Bounds, EffectiveSchema } from '../schema-record.js';
import type { DiffRule, RuleHit, SchemaPair } from '../types.js';
import { type RuleHeader, schemaPairRule } from './schema-pair-rule.js';

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
  const allowed = withValues(pair.base, key);
  if (side === 'upper') {
    if (head === undefined || (allowed !== undefined && head >= allowed)) return undefined;
    return base === undefined ? `${key} added: ${head}` : `${key} lowered from ${base} to ${head}`;
  }
  if ((head ?? 0) <= (allowed ?? 0)) return undefined;
  return `${key} raised from ${base ?? 0} to ${head}`;
}

function loosened(pair: SchemaPair, key: CountBound, side: 'upper' | 'lower'): string | undefined {
  const [base, head] = [pair.base.bounds[key], pair.head.bounds[key]];
  if (base === undefined) return undefined;
  const allowed = withValues(pair.head, key);
  if (side === 'upper') {
    if (allowed !== undefined && allowed <= base) return undefined;
    return head === undefined
      ? `${key} ${base} removed${listed(pair.head, key)}`
      : `${key} raised from ${base} to ${head}`;
  }
  if ((allowed ?? 0) >= base) return undefined;
  return head === undefined
    ? `${key} ${base} removed${listed(pair.head, key)}`
    : `${key} lowered from ${base} to ${head}`;
}

/** The bound `key` of `schema`, its `enum`/`const` included for the length keys. */
function withValues(schema: EffectiveSchema, key: CountBound): number | undefined {
  return key === 'maxLength' || key === 'minLength' ? effectiveLength(schema, key) : schema.bounds[key];
}

/** Why a removed length bound still reads as looser: the listed value that breaks it. */
function listed(schema: EffectiveSchema, key: CountBound): string {
  if (key !== 'maxLength' && key !== 'minLength') return '';
  const implied = impliedLength(schema, key);
  return implied === undefined ? '' : ` (the enum allows a string of length ${implied})`;
}
