/** Random stateful sequences: every step is one the collection can take (the real-world loop found one that was not). */
import { describe, expect, test } from 'vitest';
import { randomSequence } from '../../../src/contract/stateful/plan-sequences.js';
import type { StatefulTarget } from '../../../src/contract/stateful/targets.js';

/** A target with only the operations named (a stand-in: the planner reads no more than these fields). */
function target(operations: Array<'read' | 'update' | 'delete'>, listable: boolean): StatefulTarget {
  const present = (name: string) => (operations.includes(name as never) ? { operation: {} } : undefined);
  return {
    collection: { path: '/tokens', read: present('read'), update: present('update'), delete: present('delete') },
    listable,
    pageable: false,
    updateBody: {},
  } as unknown as StatefulTarget;
}

describe('randomSequence', () => {
  test.each([
    ['create only (Stripe value_list_items in the loop)', [], false],
    ['create and list', [], true],
    ['create and read', ['read'], false],
    ['everything', ['read', 'update', 'delete'], true],
  ] as const)('%s: every step names an action the collection has', (_name, operations, listable) => {
    const subject = target([...operations], listable);
    for (let index = 1; index <= 20; index += 1) {
      const plans = randomSequence(subject, 20261125, index);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) expect(['create', 'read', 'update', 'delete', 'list', 'page']).toContain(plan.action);
      expect(plans.filter((plan) => plan.action === 'create').length).toBeLessThanOrEqual(3);
    }
  });
});
