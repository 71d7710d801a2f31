/**
 * A stored item as the list shows it. A list's item schema is often not the
 * read's: GitHub lists gists as `base-gist` (which requires `node_id`, `url`,
 * `forks_url`, ...) and reads them as `gist-simple`, lists teams with a
 * required `parent`, and lists a gist's forks with `user` as a string. A
 * stored item is valid for every answer that serves the item (item-rules.ts),
 * not for such a list: served as it is, the list answer fails its own schema.
 *
 * So an item the list's item schema refuses is shown as a summary, as a
 * server that lists a summary would: every member of the stored item that
 * the list item declares and accepts (the id among them, so a client finds
 * what it created), and the list item's valid sample for the required
 * members it lacks. An item the list accepts is shown as it is.
 */
import { validValue } from '../../core/generate/valid-value.js';
import { mergeMembers, pickMembers } from '../../core/json/exact-json.js';
import { decodePointer } from '../../core/json/json-pointer.js';
import { arrayItems, propertiesOf } from '../../core/resources/success-response.js';
import type { ListOperation } from '../../core/resources/types.js';
import { isRecord, objectShape } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';
import type { BodyValidator } from '../../core/validation/compile-validators.js';
import type { MockState } from '../mock-state.js';

/** How one list shows its items: undefined when the list has no item schema of objects to fit. */
type ListItemView = ((item: Record<string, unknown>) => Record<string, unknown>) | undefined;

/** Views per list operation object (rebuilt with the state on a spec reload). */
const views = new WeakMap<ListOperation, ListItemView>();

/** `item` as `list` shows it (see the module comment). */
export function listItem(
  item: Record<string, unknown>,
  list: ListOperation,
  state: MockState,
): Record<string, unknown> {
  if (!views.has(list)) views.set(list, buildView(list, state));
  const view = views.get(list);
  return view ? view(item) : item;
}

function buildView(list: ListOperation, state: MockState): ListItemView {
  const schema = listItemSchema(list);
  if (!schema) return undefined;
  const shape = objectShape(schema);
  const validate = state.schemaValidator(schema, 'response');
  const accepts = (property: SchemaObject, value: unknown) =>
    state.schemaValidator(property, 'response')(value).length === 0;
  let sample: Record<string, unknown> | null | undefined;
  return (item) => {
    if (validate(item).length === 0) return item;
    sample ??= sampleItem(schema, validate, state);
    if (!sample) return item;
    const fitting = pickMembers(
      item,
      (name, value) => name in shape.properties && accepts(shape.properties[name]!, value),
    );
    const view = mergeMembers(
      fitting,
      pickMembers(sample, (name) => shape.required.includes(name) && !(name in fitting)),
    );
    // Still refused (a constraint across members): served as stored, the answer's own check says why.
    return validate(view).length === 0 ? view : item;
  };
}

/** The item schema of the list's array: the body itself, or its wrapper's member at `itemsPointer`. */
function listItemSchema(list: ListOperation): SchemaObject | undefined {
  if (list.itemsAreIds || !list.media?.schema) return undefined;
  const array =
    list.itemsPointer === ''
      ? list.media.schema
      : propertiesOf(list.media.schema)[decodePointer(list.itemsPointer)[0]!];
  return arrayItems(array);
}

/** A valid list item to take the missing required members from (null when the schema allows none). */
function sampleItem(schema: SchemaObject, validate: BodyValidator, state: MockState): Record<string, unknown> | null {
  const made = validValue(schema, validate, { ...state.scope, direction: 'response' }, 0, { preferSample: true });
  return made.ok && isRecord(made.value) ? made.value : null;
}
