/**
 * `--data FILE`: items the stateful mock starts with (and resets to). JSON
 * or YAML, a mapping from a collection (its name, `plants`, or its path,
 * `/plants`; a nested one by a concrete path, `/gardens/g1/plants`) to a list
 * of items:
 *
 *   plants:
 *     - {id: 1, name: Monstera, tag: indoor}
 *     - {name: Boston fern}          # no id: one is made, as for a create
 *
 * Every item is checked against the item schema before the mock starts; a
 * bad one stops it with one line naming the file, line, item and rule
 * (PLANTKIT_DATA_INVALID, exit 2).
 */
import { readFile } from 'node:fs/promises';
import { PlantkitError } from '../../core/errors.js';
import { cloneJson } from '../../core/json/exact-json.js';
import type { Collection } from '../../core/resources/types.js';
import { compileTemplate } from '../../core/routing/path-template.js';
import { isRecord, objectShape } from '../../core/schema/object-shape.js';
import { describeViolation } from '../../core/validation/violations.js';
import { parseYamlSource } from '../../core/yaml/yaml-source.js';
import type { MockState } from '../mock-state.js';
import { itemRules } from './item-rules.js';
import { newId } from './new-id.js';
import { idKey, type PreloadedItems, type StoredItem, scopeOf } from './store.js';

/** Read, check and key the items of `file` against the collections of `state`. */
export async function readDataFile(file: string, state: MockState): Promise<PreloadedItems> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw fault(
      `cannot read --data ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'pass the path of a JSON or YAML file',
    );
  }
  const parsed = parseYamlSource(text);
  if (!parsed.ok) throw fault(`${file}${at(parsed.problem.position)}: not JSON or YAML: ${parsed.problem.message}`);
  const { source } = parsed;
  const collections = state.resources?.collections ?? [];
  if (!isRecord(source.value))
    throw fault(
      `${file}: --data must map collections to lists of items`,
      `e.g. ${collections[0]?.name ?? 'plants'}: [{...}]`,
    );
  const preloaded = new Map<string, Map<string, StoredItem[]>>();
  for (const [name, items] of Object.entries(source.value)) {
    const where = (pointer: string, of: 'key' | 'value' = 'value') => `${file}${at(source.positionOf(pointer, of))}`;
    const target = collectionFor(name, collections);
    if (!target)
      throw fault(
        `${where(`/${name}`, 'key')}: no collection '${name}' in the spec`,
        collections.length > 0
          ? `collections: ${collections.map((collection) => `${collection.name} (${collection.path})`).join(', ')}`
          : 'the spec has no collection the stateful mock can infer; see docs/stateful.md',
      );
    if (!Array.isArray(items)) throw fault(`${where(`/${name}`)}: '${name}' must be a list of items`);
    const scopes = preloaded.get(target.collection.path) ?? new Map<string, StoredItem[]>();
    preloaded.set(target.collection.path, scopes);
    const stored = scopes.get(target.scope) ?? [];
    scopes.set(target.scope, stored);
    let serial = 0;
    const next = () => serial++;
    for (const [index, raw] of items.entries())
      stored.push(
        checkedItem(raw, `${name}[${index}]`, where(`/${name}/${index}`), {
          collection: target.collection,
          state,
          stored,
          next,
        }),
      );
  }
  return preloaded;
}

/** Where an item goes: its collection, the items before it, the serial numbers for ids it lacks. */
interface ItemPlace {
  collection: Collection;
  state: MockState;
  stored: readonly StoredItem[];
  next: () => number;
}

function checkedItem(
  raw: unknown,
  label: string,
  where: string,
  { collection, state, stored, next }: ItemPlace,
): StoredItem {
  if (!isRecord(raw)) throw fault(`${where}: ${label} must be an object (an item of ${collection.name})`);
  const item = cloneJson(raw);
  const taken = (key: string) => stored.some((other) => other.key === key);
  if (!(collection.idField in item)) {
    const idSchema = objectShape(collection.itemSchema).properties[collection.idField];
    const made = newId({
      schema: idSchema,
      validate: idSchema ? state.schemaValidator(idSchema, 'response') : () => [],
      taken,
      serial: next,
      scope: state.scope,
    });
    if (!made.ok)
      throw fault(`${where}: ${label} has no ${collection.idField} and none could be made (${made.reason})`);
    item[collection.idField] = made.value;
  }
  const key = idKey(item, collection.idField);
  const twin = stored.findIndex((other) => other.key === key);
  if (twin >= 0)
    throw fault(
      `${where}: ${label} has ${collection.idField} ${key}, like item ${twin} before it`,
      'ids are unique within a collection',
    );
  for (const validate of itemRules(collection, state).validators) {
    const [violation] = validate(item);
    if (violation)
      throw fault(
        `${where}: ${describeViolation(violation, label)} (an item of ${collection.name}, ${collection.idField} ${key})`,
        `fix the item, or the item schema of ${collection.path}`,
      );
  }
  return { key, value: item };
}

/** The collection a data key names, and the scope of a nested one. */
function collectionFor(
  name: string,
  collections: readonly Collection[],
): { collection: Collection; scope: string } | undefined {
  const byName = collections.find((collection) => collection.name === name || collection.path === name);
  if (byName) return { collection: byName, scope: '' };
  if (!name.startsWith('/')) return undefined;
  const segments = name.split('/').slice(1);
  for (const collection of collections) {
    const parameters = compileTemplate(collection.path).match(segments, new URLSearchParams());
    if (parameters) return { collection, scope: scopeOf(parameters, undefined) };
  }
  return undefined;
}

function at(position: { line: number; column: number } | undefined): string {
  return position ? `:${position.line}:${position.column}` : '';
}

function fault(message: string, hint?: string): PlantkitError {
  return new PlantkitError('PLANTKIT_DATA_INVALID', message, hint === undefined ? {} : { hint });
}
