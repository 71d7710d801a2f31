/**
 * Producers and consumers, inferred from the operation list as RESTler
 * infers its dependencies (Atlidakis et al., "RESTler: Stateful REST API
 * Fuzzing", ICSE 2019, section 3): which success answers hold the values
 * that another operation's parameters take. A consumer is a path parameter,
 * or a query, header or cookie parameter named like an id (`plantId`). Its
 * producers, most trusted first:
 * 1. OpenAPI links that fill it (OAS 4.8.20): `$response.body#/field`,
 *    `$response.header.Name`, or `$request.path.p` of another consumer
 *    (whose producers are then this one's too);
 * 2. the collection its path names (`/plants/{plantId}`, `/pots/{potId}/label`
 *    name `/plants`, `/pots`): the create's answer (the id field chosen by
 *    id-field.ts, then the Location header) and the list's items (their id
 *    field, or the items themselves when they are plain values: `GET /files`
 *    answering `["a.txt"]` feeds `/files/{filename}`);
 * 3. a collection its name names anywhere in the spec (`plantId` names
 *    `/plants` and `/gardens/{gardenId}/plants`); guessed (below) when the
 *    path names a collection of its own, for then the other collection
 *    holds another kind of resource (GitHub's `key_id` names a repo's
 *    deploy keys and the user's keys);
 * 4. creates and lists whose items declare a property of the parameter's
 *    own name (`photoId`).
 * A value qualifies only when its type can travel in the parameter
 * (id-field.ts); the runner re-validates every value it harvests before use.
 */
import { templatePath } from '../routing/path-template.js';
import { schemaTypes } from '../schema/object-shape.js';
import type { Operation, OperationParameter, SchemaObject } from '../spec/types.js';
import { idFieldFor, isIdName, singular, travels } from './id-field.js';
import { envelopeItem } from './item-wrapper.js';
import { type LinkedParameter, linkedParameters } from './links.js';
import { listArray, propertiesOf, successOf } from './success-response.js';

/** Where a harvested value sits in a success answer. */
export type HarvestSource =
  /** A field of the answer body, by JSON pointer (`/id`). */
  | { from: 'body'; pointer: string }
  /** Each item of a list answer (`itemsPointer` '' for a bare array); `field` '' takes the item itself. */
  | { from: 'items'; itemsPointer: string; field: string }
  /** The Location header (RFC 9110 section 10.2.2), matched against an item path template. */
  | { from: 'location'; template: string; parameter: string }
  /** A response header's value. */
  | { from: 'header'; name: string };

/** A place in one operation's success answer that holds values for consumers. */
export interface Harvester {
  /** Unique in a map: `createPlant body /id`. */
  key: string;
  operation: Operation;
  source: HarvestSource;
  /** True when each success makes a new resource (a create): sending its request again yields a fresh value. */
  creates: boolean;
  /**
   * True when only a name ties it to the parameter (rule 4: any create or
   * list declaring `id`; rule 3 beside a collection of the path's own): its
   * value may name another kind of resource, so a case built on it does not
   * claim a live one.
   */
  guessed?: boolean;
}

/** A parameter other operations' answers can fill, with where to read values for it, most trusted first. */
export interface Consumer {
  parameter: OperationParameter;
  harvesters: Harvester[];
}

/** What a spec says about where parameter values come from. */
export interface ProducerMap {
  /** The parameters of `operationId` that have producers, the last path parameter first. */
  consumers(operationId: string): Consumer[];
  /** What to read off a success answer of `operationId`. */
  harvesters(operationId: string): Harvester[];
  /** Path parameters of `operationId` that no answer fills (they are made up). */
  unproduced(operationId: string): OperationParameter[];
  /** Ids of the operations whose answers feed `operationId`'s parameters. */
  dependencies(operationId: string): string[];
}

/** The producer map of `operations`. */
export function inferProducers(operations: readonly Operation[]): ProducerMap {
  const links = linkedParameters(operations);
  const byOperation = new Map<string, Consumer[]>();
  const unproduced = new Map<string, OperationParameter[]>();
  const resolving = new Set<string>();
  const consumerOf = (operation: Operation, parameter: OperationParameter): Harvester[] => {
    const key = `${operation.id}\u0000${parameter.in}\u0000${parameter.name}`;
    if (resolving.has(key)) return [];
    resolving.add(key);
    const own =
      parameter.in === 'path' ? fromCollection(prefixOf(operation.path, parameter.name), parameter, operations) : [];
    // Where the path names a collection of its own, another collection the name names holds another kind of
    // resource (GitHub's `key_id`: a repo's deploy keys and the user's keys): its values are guesses.
    const named = fromNamedCollections(parameter, operations).map((item) =>
      own.length > 0 ? { ...item, guessed: true } : item,
    );
    const found = unique([
      ...fromLinks(operation, parameter, links, consumerOf),
      ...own,
      ...named,
      ...fromSameName(parameter, operations),
    ]).filter((harvester) => harvester.operation !== operation);
    resolving.delete(key);
    return found;
  };
  for (const operation of operations) {
    const consumers: Consumer[] = [];
    const missing: OperationParameter[] = [];
    for (const parameter of consumedParameters(operation)) {
      const harvesters = consumerOf(operation, parameter);
      if (harvesters.length > 0) consumers.push({ parameter, harvesters });
      else if (parameter.in === 'path') missing.push(parameter);
    }
    byOperation.set(operation.id, consumers);
    unproduced.set(operation.id, missing);
  }
  const harvesters = new Map<string, Harvester[]>();
  for (const consumers of byOperation.values())
    for (const consumer of consumers)
      for (const harvester of consumer.harvesters) {
        const list = harvesters.get(harvester.operation.id) ?? [];
        if (!list.some((known) => known.key === harvester.key)) list.push(harvester);
        harvesters.set(harvester.operation.id, list);
      }
  return {
    consumers: (operationId) => byOperation.get(operationId) ?? [],
    harvesters: (operationId) => harvesters.get(operationId) ?? [],
    unproduced: (operationId) => unproduced.get(operationId) ?? [],
    dependencies: (operationId) => [
      ...new Set(
        (byOperation.get(operationId) ?? []).flatMap((consumer) =>
          consumer.harvesters.map((harvester) => harvester.operation.id),
        ),
      ),
    ],
  };
}

/** Path parameters (the last one first: it names the item, the others its parents), then id-like others. */
function consumedParameters(operation: Operation): OperationParameter[] {
  const path = operation.parameters.filter((parameter) => parameter.in === 'path');
  const position = (parameter: OperationParameter) => operation.path.indexOf(`{${parameter.name}}`);
  return [
    ...path.sort((a, b) => position(b) - position(a)),
    ...operation.parameters.filter((parameter) => parameter.in !== 'path' && isIdName(parameter.name)),
  ];
}

/** `/plants` for `{plantId}` in `/plants/{plantId}/photos`: the path before the segment that holds it ('' at the root). */
function prefixOf(path: string, name: string): string {
  const segments = templatePath(path).split('/');
  const index = segments.findIndex((segment) => segment.includes(`{${name}}`));
  return index <= 1 ? '' : segments.slice(0, index).join('/');
}

/** Links that fill the parameter; `$request.path.p` takes the producers of the linking operation's `p`. */
function fromLinks(
  operation: Operation,
  parameter: OperationParameter,
  links: readonly LinkedParameter[],
  consumerOf: (operation: Operation, parameter: OperationParameter) => Harvester[],
): Harvester[] {
  const found: Harvester[] = [];
  for (const link of links.filter((item) => item.target === operation && item.parameter === parameter.name)) {
    const { source, expression } = link;
    const body = /^\$response\.body#(\/.*)?$/.exec(expression);
    const header = /^\$response\.header\.(.+)$/.exec(expression);
    const request = /^\$request\.(path|query)\.(.+)$/.exec(expression);
    if (body) found.push(harvester(source, { from: 'body', pointer: body[1] ?? '' }, isCreate(source)));
    else if (header) found.push(harvester(source, { from: 'header', name: header[1]! }, isCreate(source)));
    else if (request) {
      const passed = source.parameters.find((item) => item.in === request[1] && item.name === request[2]);
      if (passed) found.push(...consumerOf(source, passed));
    }
  }
  return found;
}

/** The create and list of collection path `path` as producers of `parameter`. */
function fromCollection(path: string, parameter: OperationParameter, operations: readonly Operation[]): Harvester[] {
  if (path === '') return [];
  const at = (method: string) =>
    operations.find((operation) => operation.method === method && templatePath(operation.path) === path);
  const name = lastLiteral(path);
  const found: Harvester[] = [];
  const post = at('POST');
  const created = post && createdIdPointer(successOf(post)?.media?.schema, parameter, name);
  if (post && created) found.push(harvester(post, { from: 'body', pointer: created }, true));
  // A 201 names the new resource in Location (RFC 9110 section 15.3.2), whatever the body holds.
  if (post && parameter.in === 'path')
    found.push(
      harvester(post, { from: 'location', template: `${path}/{${parameter.name}}`, parameter: parameter.name }, true),
    );
  const get = at('GET');
  const list = get && listArray(successOf(get)?.media?.schema);
  if (get && list) {
    const field = itemField(parameter, list.items, name);
    if (field !== undefined)
      found.push(harvester(get, { from: 'items', itemsPointer: list.itemsPointer, field }, false));
  }
  return found;
}

/** Pointer of the id a create answers for `parameter`: a field of the body, or of its envelope's item (`/certificate/id`). */
function createdIdPointer(
  schema: SchemaObject | undefined,
  parameter: OperationParameter,
  name: string,
): string | undefined {
  const field = schema && idFieldFor(parameter.name, parameter.schema, propertiesOf(schema), name);
  if (field) return `/${field}`;
  const envelope = envelopeItem(schema, name);
  const inner = envelope && idFieldFor(parameter.name, parameter.schema, propertiesOf(envelope.schema), name);
  return inner ? `${envelope.pointer}/${inner}` : undefined;
}

/** The collections the parameter's name names (`plantId`, `plant_id` -> `/plants`), anywhere in the spec. */
function fromNamedCollections(parameter: OperationParameter, operations: readonly Operation[]): Harvester[] {
  const noun = /^(.+?)(Id|ID|_id|-id)$/.exec(parameter.name)?.[1]?.toLowerCase();
  if (!noun) return [];
  const paths = new Set(
    operations
      .map((operation) => templatePath(operation.path))
      .filter((path) => !/\{[^}]*\}$/.test(path) && singular(lastLiteral(path)).toLowerCase() === noun),
  );
  return [...paths].flatMap((path) => fromCollection(path, parameter, operations));
}

/** Creates and lists whose answers declare a property named exactly like the parameter. */
function fromSameName(parameter: OperationParameter, operations: readonly Operation[]): Harvester[] {
  if (parameter.in !== 'path' && !isIdName(parameter.name)) return [];
  const found: Harvester[] = [];
  for (const operation of operations) {
    const schema = successOf(operation)?.media?.schema;
    if (operation.method === 'POST' && fits(parameter, propertiesOf(schema)[parameter.name]))
      found.push(harvester(operation, { from: 'body', pointer: `/${parameter.name}` }, true, true));
    const list = operation.method === 'GET' ? listArray(schema) : undefined;
    if (list && fits(parameter, propertiesOf(list.items)[parameter.name]))
      found.push(
        harvester(
          operation,
          { from: 'items', itemsPointer: list.itemsPointer, field: `/${parameter.name}` },
          false,
          true,
        ),
      );
  }
  return found;
}

/** `/id` of list items for the parameter, '' when the items are plain values that fit it, else undefined. */
function itemField(parameter: OperationParameter, items: SchemaObject, name: string): string | undefined {
  const properties = propertiesOf(items);
  if (Object.keys(properties).length === 0) return fits(parameter, items) && isScalar(items) ? '' : undefined;
  const field = idFieldFor(parameter.name, parameter.schema, properties, name);
  return field === undefined ? undefined : `/${field}`;
}

function fits(parameter: OperationParameter, property: SchemaObject | undefined): boolean {
  return property !== undefined && isScalar(property) && travels(parameter.schema, property);
}

function isScalar(schema: SchemaObject): boolean {
  const types = schemaTypes(schema).filter((type) => type !== 'null');
  return types.length > 0 && types.every((type) => type === 'string' || type === 'integer' || type === 'number');
}

function isCreate(operation: Operation): boolean {
  return operation.method === 'POST';
}

function harvester(operation: Operation, source: HarvestSource, creates: boolean, guessed = false): Harvester {
  const where =
    source.from === 'body'
      ? source.pointer || '(body)'
      : source.from === 'items'
        ? `${source.itemsPointer || '(items)'}[]${source.field}`
        : source.from === 'location'
          ? `Location ${source.template}`
          : `header ${source.name}`;
  return {
    key: `${operation.id} ${source.from} ${where}`,
    operation,
    source,
    creates,
    ...(guessed ? { guessed } : {}),
  };
}

function unique(harvesters: Harvester[]): Harvester[] {
  const seen = new Set<string>();
  return harvesters.filter((item) => !seen.has(item.key) && seen.add(item.key));
}

/** `plants` for `/gardens/{gardenId}/plants`. */
function lastLiteral(path: string): string {
  const literals = path.split('/').filter((segment) => segment !== '' && !segment.includes('{'));
  return literals[literals.length - 1] ?? '';
}
