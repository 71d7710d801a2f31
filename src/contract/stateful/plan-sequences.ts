/**
 * The sequences the stateful phase sends for a collection, planned from the
 * seed alone (never from what a server answers, so --seed replays them):
 *
 * - the lifecycle, each step there to catch one kind of bug: create A, read
 *   A, create B, list, a page of one, update A, read A, delete A, read B (a
 *   delete that removed the wrong item), read A (gone?), delete A again,
 *   list, delete B, create C (a server reusing ids), read C, delete C;
 * - random sequences: creates, reads, updates, deletes and lists of up to
 *   three items in a seeded order, deleted items included.
 *
 * Steps the collection cannot do are left out. Items are named by number
 * (0 is the first created); their ids come from the create's response.
 */
import type { StepAction } from '../../core/exchange/stateful-expectation.js';
import type { BodyChoice } from './item-bodies.js';
import { below, nextSeed, seededRandom } from './random.js';
import type { StatefulTarget } from './targets.js';

/** One planned step. */
export interface StepPlan {
  action: StepAction;
  /** The item the step names (create, read, update, delete). */
  item?: number;
  /** How its body is chosen (create, update). */
  body?: BodyChoice;
}

/** Most items a random sequence creates, and its length bounds. */
const MAX_ITEMS = 3;
const MIN_STEPS = 4;
const MAX_STEPS = 12;

/** The lifecycle sequence of `target`. */
export function lifecycle(target: StatefulTarget): StepPlan[] {
  const plans: StepPlan[] = [];
  const step = (action: StepAction, item?: number, body?: BodyChoice) => {
    if (can(target, action)) plans.push({ action, ...(item === undefined ? {} : { item }), ...(body ? { body } : {}) });
  };
  step('create', 0, { kind: 'sample', number: 1 });
  step('read', 0);
  step('create', 1, { kind: 'sample', number: 2 });
  step('list');
  step('page');
  step('update', 0, { kind: 'sample', number: 1, label: '(updated)' });
  step('read', 0);
  step('delete', 0);
  step('read', 1);
  step('read', 0);
  step('delete', 0);
  step('list');
  step('delete', 1);
  step('create', 2, { kind: 'sample', number: 3 });
  step('read', 2);
  step('delete', 2);
  return plans;
}

/** Random sequence number `index` (1-based) of `target` for `seed`. */
export function randomSequence(target: StatefulTarget, seed: number, index: number): StepPlan[] {
  const random = seededRandom(seed, `${target.collection.path}#${index}`);
  const length = MIN_STEPS + below(random, MAX_STEPS - MIN_STEPS + 1);
  const plans: StepPlan[] = [{ action: 'create', item: 0, body: { kind: 'generated', seed: nextSeed(random) } }];
  let created = 1;
  while (plans.length < length) {
    const choices = (['create', 'read', 'read', 'update', 'delete', 'list', 'page'] as const).filter(
      (action) => can(target, action) && (action !== 'create' || created < MAX_ITEMS),
    );
    // A collection whose only step is create (no read, update, delete or list) has nothing left once
    // MAX_ITEMS are created: the sequence ends there (Stripe's value_list_items drew `undefined` here).
    if (choices.length === 0) break;
    const action = choices[below(random, choices.length)]!;
    if (action === 'create')
      plans.push({ action, item: created++, body: { kind: 'generated', seed: nextSeed(random) } });
    else if (action === 'list' || action === 'page') plans.push({ action });
    else
      plans.push({
        action,
        item: below(random, created),
        ...(action === 'update' ? { body: { kind: 'generated' as const, seed: nextSeed(random) } } : {}),
      });
  }
  return plans;
}

/** Whether the collection has what `action` needs. */
function can(target: StatefulTarget, action: StepAction): boolean {
  const { collection } = target;
  switch (action) {
    case 'create':
      return true;
    case 'read':
      return collection.read !== undefined;
    case 'update':
      return (
        collection.update !== undefined &&
        (target.updateBody !== undefined || !collection.update.operation.requestBody?.required)
      );
    case 'delete':
      return collection.delete !== undefined;
    case 'list':
      return target.listable;
    case 'page':
      return target.pageable;
  }
}
