/**
 * `stored-equals-sent` (stateful phase): reading an item returns what was
 * written to it, for the properties both the request and the response
 * declare: the item the read names (its id), and each value the create and
 * later updates sent (compared as compare.ts says: numbers by value,
 * date-times by instant, objects over the members written). A property the
 * response does not declare (writeOnly, or not part of the item) is not
 * compared, nor one the response marks readOnly (the server manages it:
 * DigitalOcean's create takes an app's `project_id` and answers it as
 * readOnly, empty when its lookup fails), nor a value the response's
 * property schema refuses (the request's enum and the response's differ, as
 * Vercel's webhook `events` do): a valid answer cannot carry it back. A read
 * that serves a deleted item is left to `use-after-delete`.
 */
import { preview } from '../../core/findings.js';
import { exactNumberText, pickMembers } from '../../core/json/exact-json.js';
import { idText } from '../../core/resources/id-text.js';
import { type Check, finding } from '../../core/response/types.js';
import { objectShape } from '../../core/schema/object-shape.js';
import { differences, writtenIn } from '../stateful/compare.js';
import { servedItem } from '../stateful/served-item.js';

/** A read of a live item that returns another item, or other values. */
export const storedEqualsSentCheck: Check = {
  id: 'stored-equals-sent',
  description: 'a read returns what the create and updates wrote, for the properties both declare (stateful phase)',
  scope: ['contract'],
  run(exchange, context) {
    const expectation = exchange.case.stateful;
    const item = expectation?.item;
    const status = exchange.response?.status ?? 0;
    if (expectation?.action !== 'read' || item?.state !== 'live' || status < 200 || status >= 300) return [];
    const served = servedItem(exchange, item.itemPointer);
    if (!served) return [];
    const { received, schema, pointer } = served;
    if (
      item.deleted.some((old) => writtenIn(old.written, received, schema) && !writtenIn(item.written, received, schema))
    )
      return [];
    const source = `step ${item.createdIn}${expectation.step - 1 > item.createdIn ? ' and the updates after it' : ''}`;
    const { idField } = expectation;
    const servedId = idText(received, idField);
    if (servedId !== undefined && servedId !== item.id) {
      return [
        finding(this, exchange, {
          pointer: `${pointer}/${idField}`,
          message: `a read of ${idField} ${item.id} returned another ${expectation.noun}`,
          received: `${idField} ${servedId}`,
          documented: `the ${expectation.noun} with ${idField} ${item.id}, created in step ${item.createdIn}`,
        }),
      ];
    }
    const declared = objectShape(schema).properties;
    // Picked with their exact number texts: an int64 beyond 2^53 written exactly compares by its text.
    const written = pickMembers(
      item.written,
      (name, value) =>
        name !== idField &&
        name in declared &&
        declared[name]!.writeOnly !== true &&
        declared[name]!.readOnly !== true &&
        context.schemaValidator(declared[name]!, 'response')(value).length === 0,
    );
    return differences(written, received, schema).map(({ name, kind }) =>
      finding(this, exchange, {
        pointer: `${pointer}/${name}`,
        message:
          kind === 'missing'
            ? `body${pointer}/${name} is missing: ${source} wrote it`
            : `body${pointer}/${name} differs from what ${source} wrote`,
        received: kind === 'missing' ? 'no such property' : shown(received, name),
        documented: `${shown(written, name)} (as written)`,
      }),
    );
  },
};

/** A member's value for a message: an int64 beyond 2^53 by its digits (two such differ where their doubles do not). */
function shown(container: Record<string, unknown>, name: string): string {
  return exactNumberText(container, name) ?? preview(container[name]);
}
