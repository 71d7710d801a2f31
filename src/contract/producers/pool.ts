/**
 * The run's resource pool: values harvested from success answers (a create's
 * id, a list's items, a Location, a linked field), kept by harvester in the
 * order they came, so that later cases name resources that exist. A 2xx
 * DELETE marks the value it named as deleted. Every value is re-validated
 * against the consuming parameter's schema before it is handed out: an
 * answer is evidence of what exists, not of what the parameter accepts.
 * Nothing here sends anything; the binder (binding.ts) asks for values.
 */

import type { CaseRequest, Exchange } from '../../core/exchange/types.js';
import { exactInteger } from '../../core/json/exact-json.js';
import type { Consumer, Harvester, ProducerMap } from '../../core/resources/producers.js';
import { schemaTypes } from '../../core/schema/object-shape.js';
import type { OperationParameter, SchemaObject } from '../../core/spec/types.js';
import type { BodyValidator, Direction } from '../../core/validation/compile-validators.js';
import { harvestValues, pathValues } from './harvest.js';

/** One value in the pool. */
export interface PooledValue {
  /** The value as text (an id's exact digits). */
  text: string;
  harvester: Harvester;
  /** Path parameters of the request that produced it: a nested item's parents (`gardenId`). */
  scope: Record<string, string>;
  /** The request whose answer held it: sent again, a create makes a live item again (--rerun-failed). */
  producer: CaseRequest;
  state: 'live' | 'deleted';
  /** Handed to a case that deletes it: no other case gets it. */
  claimed: boolean;
}

/** Validators for any schema of the spec (the case context's). */
type SchemaValidator = (schema: SchemaObject, direction: Direction) => BodyValidator;

/** The pool of one run. */
export class ResourcePool {
  private readonly byHarvester = new Map<string, PooledValue[]>();

  constructor(
    readonly producers: ProducerMap,
    private readonly validator: SchemaValidator,
  ) {}

  /** Take in an exchange: what its operation's answer produces, and the item a 2xx DELETE removed. */
  observe(exchange: Exchange): void {
    const status = exchange.response?.status ?? 0;
    if (status < 200 || status >= 300) return;
    const operation = exchange.case.operation;
    for (const harvester of this.producers.harvesters(operation.id))
      for (const found of harvestValues(harvester, exchange)) this.add(harvester, found.text, exchange);
    if (operation.method === 'DELETE') this.markDeleted(exchange);
  }

  /** Values for `consumer` in harvest order (its most trusted harvester first) that its parameter accepts. */
  candidates(consumer: Consumer, state: PooledValue['state'] = 'live'): PooledValue[] {
    return consumer.harvesters.flatMap((harvester) =>
      (this.byHarvester.get(harvester.key) ?? []).filter(
        (item) => item.state === state && typedValue(item.text, consumer.parameter, this.validator) !== undefined,
      ),
    );
  }

  /** `text` as a value of `parameter`'s type, when the parameter accepts it; else undefined. */
  accepts(text: string, parameter: OperationParameter): unknown {
    return typedValue(text, parameter, this.validator);
  }

  /** Any value a create harvester of `consumer` produced (its request makes a fresh item when sent again). */
  creator(consumer: Consumer): PooledValue | undefined {
    return consumer.harvesters
      .filter((harvester) => harvester.creates)
      .flatMap((harvester) => this.byHarvester.get(harvester.key) ?? [])[0];
  }

  private add(harvester: Harvester, text: string, exchange: Exchange): void {
    const list = this.byHarvester.get(harvester.key) ?? [];
    this.byHarvester.set(harvester.key, list);
    const known = list.find((item) => item.text === text);
    // A create answering an id seen before reuses it: that id names a live item again.
    if (known) {
      if (harvester.creates) Object.assign(known, { state: 'live', claimed: false });
      return;
    }
    const { case: sent } = exchange;
    list.push({
      text,
      harvester,
      scope: pathValues(sent.operation.path, sent.request.path),
      producer: sent.request,
      state: 'live',
      claimed: false,
    });
  }

  /** The item a DELETE named (its last path parameter) is gone, under every harvester that feeds that parameter. */
  private markDeleted(exchange: Exchange): void {
    const operation = exchange.case.operation;
    const [item] = this.producers.consumers(operation.id).filter((consumer) => consumer.parameter.in === 'path');
    const text = item && pathValues(operation.path, exchange.case.request.path)[item.parameter.name];
    if (!item || text === undefined) return;
    for (const harvester of item.harvesters)
      for (const value of this.byHarvester.get(harvester.key) ?? []) if (value.text === text) value.state = 'deleted';
  }
}

/**
 * `text` typed for `parameter` (an integer parameter takes `5` as a number,
 * beyond 2^53 as a bigint; a string one takes any text), or undefined when
 * its schema refuses it.
 */
export function typedValue(text: string, parameter: OperationParameter, validator: SchemaValidator): unknown {
  const schema = parameter.schema;
  if (!schema) return text;
  const types = schemaTypes(schema);
  const numeric = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text);
  const asNumber = numeric && !types.includes('string') && (types.includes('integer') || types.includes('number'));
  const value = asNumber ? Number(text) : text;
  if (validator(schema, 'request')(value).length > 0) return undefined;
  const exact = asNumber && !Number.isSafeInteger(value) ? exactInteger(text) : undefined;
  return exact ?? value;
}
