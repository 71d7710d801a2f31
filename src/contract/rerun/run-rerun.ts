/**
 * Sending a rerun's cases again (`--rerun-failed`): each case's producer
 * steps first (the create or the list whose answer gave it a live resource),
 * so that it reaches a live resource again; the value they answer now takes
 * the old one's place in the request (the old id may be long gone). A step
 * that gives no value leaves the old one, and the case says it names a
 * made-up resource. The cases then go as recorded, in report order.
 */

import type { CaseResult, ContractCase, ProducerStep } from '../../core/exchange/types.js';
import type { Harvester } from '../../core/resources/producers.js';
import type { Operation } from '../../core/spec/types.js';
import type { CaseContext } from '../cases/context.js';
import { parameterKey } from '../cases/request-builder.js';
import { rebind } from '../producers/binding.js';
import { harvestValues } from '../producers/harvest.js';
import { typedValue } from '../producers/pool.js';
import { runInOrder } from '../static-run.js';

/** What sending the rerun needs from the runner. */
export interface RerunSend {
  cases: readonly ContractCase[];
  /** The spec's operations: a producer step goes to the one its id names (plan-rerun.ts checked it is there). */
  operations: readonly Operation[];
  context: CaseContext;
  selected: (id: string) => boolean;
  /** Send a case or a producer step (answers are observed: pool and coverage). */
  execute: (contractCase: ContractCase) => Promise<CaseResult>;
  record: (result: CaseResult) => void;
}

/** Send every selected case, each after its producer steps. */
export async function runRerunCases(run: RerunSend): Promise<void> {
  const cases = run.cases.filter((item) => run.selected(item.id));
  await runInOrder(cases, 1, (item) => sendWithProducers(item, run), run.record);
}

async function sendWithProducers(contractCase: ContractCase, run: RerunSend): Promise<CaseResult> {
  let sent = contractCase;
  for (const step of contractCase.producers ?? []) {
    const producer = run.operations.find((operation) => operation.id === step.operation) ?? contractCase.operation;
    const result = await run.execute({
      id: `${step.operation}/producer/for-${contractCase.operation.id}`,
      kind: 'positive',
      operation: producer,
      title: `a ${step.parameter} for ${contractCase.id}`,
      request: step.request,
      expect: { outcome: 'success' },
    });
    const values = harvestValues(harvesterOf(step, producer), result.exchange);
    // A list that still holds the old item names it; anything else answers a new one.
    const value = values.find((item) => item.text === step.value) ?? values[0];
    const parameter = contractCase.operation.parameters.find((item) => parameterKey(item) === step.parameter);
    const typed = value && parameter && typedValue(value.text, parameter, run.context.schemaValidator);
    if (!parameter || typed === undefined) {
      sent = { ...sent, resource: 'made-up' };
      continue;
    }
    sent = {
      ...sent,
      request: rebind(sent.request, contractCase.operation, parameter, typed),
      producers: (sent.producers ?? []).map((item) => (item === step ? { ...step, value: value!.text } : item)),
    };
  }
  return run.execute(sent);
}

function harvesterOf(step: ProducerStep, operation: Operation): Harvester {
  return { key: step.operation, operation, source: step.source, creates: step.source.from !== 'items' };
}
