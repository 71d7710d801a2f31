/**
 * Not-found cases: where the run can obtain real ids for an operation's item
 * (core/resources/producers.ts), its positive cases use them, and this one case
 * asks for an item that does not exist: a valid, made-up value the server
 * never handed out (`plantkit-unknown-<n>`, or an integer from the run's
 * counter), with the parents bound as in the other cases. The case says so
 * (`resource: 'made-up'`): a 404 or 410 is what HTTP calls for (RFC 9110
 * sections 15.5.5, 15.5.11), a spec gap where the spec does not document it.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import type { Operation, OperationParameter } from '../../core/spec/types.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, sendableBody } from './request-body.js';
import { buildRequestChecked, parameterKey } from './request-builder.js';
import { parameterValue } from './request-parameters.js';
import { requestViolations } from './wire-check.js';

/** The not-found case of one operation; none when no answer of the spec produces its item's id. */
export async function notFoundCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  const item = context.producers?.consumers(operation.id).find((consumer) => consumer.parameter.in === 'path');
  if (!item) return [];
  const value = madeUpValue(item.parameter, context);
  if (value === undefined) return [];
  const body = sendableBody(operation, context);
  const written = body && bodyValue(body, 'minimal', context);
  const encoded = body && written?.ok ? encodeBody(body, written.value) : undefined;
  const { request, problem } = buildRequestChecked(
    operation,
    {
      values: new Map([[parameterKey(item.parameter), value]]),
      ...(encoded ? { body: encoded.text, contentType: encoded.contentType } : {}),
    },
    context,
  );
  if (problem || (body?.required && !encoded) || (await requestViolations(operation, request, context)).length > 0)
    return [];
  const documented = operation.responses.some((response) => response.status === '404' || response.status === '410');
  return [
    {
      id: `${operation.id}/not-found/${item.parameter.name}`,
      kind: 'positive',
      operation,
      title: `a ${item.parameter.name} the server never handed out (${documented ? 'its documented' : 'an undocumented'} 404 or 410 expected)`,
      request,
      expect: { outcome: 'success' },
      resource: 'made-up',
    },
  ];
}

/** A valid value for `parameter` that no server hands out: a marked string, else a large integer, else a sample. */
function madeUpValue(parameter: OperationParameter, context: CaseContext): unknown {
  const schema = parameter.schema;
  if (!schema) return `plantkit-unknown-${context.nextInteger()}`;
  const validate = context.schemaValidator(schema, 'request');
  const integer = context.nextInteger();
  for (const candidate of [`plantkit-unknown-${integer}`, Number(integer), Number(integer % 2_147_483_647n)])
    if (validate(candidate).length === 0) return candidate;
  const sampled = parameterValue(parameter, 'minimal', context);
  return sampled.ok ? sampled.value : undefined;
}
