/**
 * Echo rules for live traffic, read from contracts/ scenarios. A scenario
 * says "this request gets status S and these response fields equal what it
 * sent". The proxy sees other requests, so it keeps only what every
 * scenario of the operation with that status agrees on: the fields all of
 * them name (addPlant: every 200 scenario names `name`, so a 200 Plant
 * must carry the name it was sent with). Scenarios that name no field say
 * nothing about echoing and are left out of the agreement.
 */
import type { Scenario } from '../core/contracts/contracts-file.js';

/** The JSON pointers a `status` answer of `operationId` must echo; undefined when there is no rule. */
export type EchoRules = (operationId: string, status: number) => readonly string[] | undefined;

/** Rules from scenarios by operation id (as `loadScenarios` returns them); only 2xx statuses get one. */
export function echoRules(scenarios: ReadonlyMap<string, readonly Scenario[]>): EchoRules {
  const rules = new Map<string, readonly string[]>();
  for (const [operationId, list] of scenarios) {
    const byStatus = new Map<number, string[][]>();
    for (const scenario of list) {
      if (scenario.status < 200 || scenario.status > 299 || scenario.echo.length === 0) continue;
      byStatus.set(scenario.status, [...(byStatus.get(scenario.status) ?? []), scenario.echo]);
    }
    for (const [status, lists] of byStatus) {
      const shared = lists.reduce((common, pointers) => common.filter((pointer) => pointers.includes(pointer)));
      if (shared.length > 0) rules.set(key(operationId, status), shared);
    }
  }
  return (operationId, status) => rules.get(key(operationId, status));
}

function key(operationId: string, status: number): string {
  return `${operationId}\u0000${status}`;
}
