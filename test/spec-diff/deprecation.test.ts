/** The removal verdict from `deprecated` and `x-sunset`, against an injected clock. */
import { describe, expect, it } from 'vitest';
import { removalOf } from '../../src/spec-diff/deprecation.js';

const NOW = new Date('2025-06-01T12:00:00Z');

describe('removal lifecycle', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['not deprecated', {}, 'unannounced'],
    ['x-sunset without deprecated', { 'x-sunset': '2000-01-01' }, 'unannounced'],
    ['deprecated without a date', { deprecated: true }, 'planned'],
    ['sunset passed', { deprecated: true, 'x-sunset': '2025-05-31' }, 'planned'],
    ['sunset today (from the start of the day, UTC)', { deprecated: true, 'x-sunset': '2025-06-01' }, 'planned'],
    ['sunset tomorrow', { deprecated: true, 'x-sunset': '2025-06-02' }, 'before-sunset'],
    ['a date-time later today', { deprecated: true, 'x-sunset': '2025-06-01T18:00:00Z' }, 'before-sunset'],
    ['a date-time with an offset, passed', { deprecated: true, 'x-sunset': '2025-06-01T13:00:00+02:00' }, 'planned'],
    ['an unreadable date', { deprecated: true, 'x-sunset': 'next spring' }, 'before-sunset'],
  ])('%s', (_name, node, verdict) => {
    expect(removalOf({ node }, '/node', NOW).verdict).toBe(verdict);
  });
});
