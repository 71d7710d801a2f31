/**
 * The effective ends of a numeric range: `maximum` and `exclusiveMaximum`
 * (JSON Schema 2020-12 validation sections 6.2.2-6.2.5) read together, so
 * `maximum: 10` and `exclusiveMaximum: 11` compare by what they allow.
 */
import type { Bounds } from './schema-record.js';

/** One end of a range; `strict` when the end value itself is excluded. */
export interface RangeEdge {
  value: number;
  strict: boolean;
}

/** The upper end, or undefined when unbounded above. */
export function upperEdge(bounds: Bounds): RangeEdge | undefined {
  return edge(bounds.maximum, bounds.exclusiveMaximum, Math.min);
}

/** The lower end, or undefined when unbounded below. */
export function lowerEdge(bounds: Bounds): RangeEdge | undefined {
  return edge(bounds.minimum, bounds.exclusiveMinimum, Math.max);
}

/** Does `edge` allow values beyond `than` (on its side)? `above` for upper ends. */
export function reachesFurther(edge: RangeEdge | undefined, than: RangeEdge, above: boolean): boolean {
  if (edge === undefined) return true;
  if (edge.value !== than.value) return above ? edge.value > than.value : edge.value < than.value;
  return than.strict && !edge.strict;
}

/** `<= 10`, `< 10`, `>= 0`, `> 0`. */
export function describeEdge(edge: RangeEdge | undefined, above: boolean): string {
  if (edge === undefined) return 'unbounded';
  return `${above ? '<' : '>'}${edge.strict ? '' : '='} ${edge.value}`;
}

function edge(
  inclusive: number | undefined,
  exclusive: number | undefined,
  pick: (x: number, y: number) => number,
): RangeEdge | undefined {
  if (inclusive === undefined && exclusive === undefined) return undefined;
  if (exclusive === undefined) return { value: inclusive!, strict: false };
  if (inclusive === undefined) return { value: exclusive, strict: true };
  const value = pick(inclusive, exclusive);
  return { value, strict: value === exclusive };
}
