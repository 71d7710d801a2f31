/** Scenario cases: the named requests of the operation's contracts/ file, sent as written. */

import type { ContractCase } from '../../core/exchange/types.js';
import { stringifyJson } from '../../core/json/exact-json.js';
import type { Operation } from '../../core/spec/types.js';
import type { CaseContext } from './context.js';
import { buildRequest } from './request-builder.js';

/** Scenario cases of one operation. */
export function scenarioCases(operation: Operation, context: CaseContext): ContractCase[] {
  return (context.scenarios.get(operation.id) ?? []).map((scenario) => {
    const text = scenario.rawBody ?? (scenario.body === undefined ? undefined : stringifyJson(scenario.body));
    const request = buildRequest(
      operation,
      {
        ...(text === undefined ? {} : { body: text }),
        ...(scenario.contentType ? { contentType: scenario.contentType } : {}),
        credentials: scenario.auth ? { use: 'token' } : { use: 'none' },
        parameters: { path: scenario.path, query: scenario.query, headers: scenario.headers },
      },
      context,
    );
    const echo = scenario.echo.length > 0 ? { pointers: scenario.echo, sent: scenario.body } : undefined;
    return {
      id: `${operation.id}/scenario/${scenario.slug}`,
      kind: 'scenario' as const,
      operation,
      title: `${scenario.name} (${scenario.file})`,
      request,
      expect: { outcome: 'status' as const, status: scenario.status, ...(echo ? { echo } : {}) },
    };
  });
}
