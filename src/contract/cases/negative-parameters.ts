/**
 * Negative parameter cases: each required query, header or cookie parameter
 * missing in turn, and each parameter (path ones included) with a value that
 * breaks one of its constraints (type, enum, bounds, length, pattern,
 * format, array size). Every request is checked on the wire and kept only
 * when the checks refuse exactly that parameter, so a server that accepts it
 * is a real finding.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import type { Operation, OperationParameter } from '../../core/spec/types.js';
import { invalidValues } from './constraint-breakers.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, sendableBody } from './request-body.js';
import { buildRequest, parameterKey, type RequestParts } from './request-builder.js';
import { CLIENT_OWNED_HEADERS } from './request-parameters.js';
import { requestViolations } from './wire-check.js';

/** Missing and constraint-breaking parameter cases of one operation. */
export async function negativeParameterCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  const parameters = operation.parameters.filter(
    (parameter) =>
      parameter.schema && !(parameter.in === 'header' && CLIENT_OWNED_HEADERS.has(parameter.name.toLowerCase())),
  );
  if (parameters.length === 0) return [];
  const body = sendableBody(operation, context);
  const value = body && bodyValue(body, 'minimal', context);
  const encoded = body && value?.ok ? encodeBody(body, value.value) : undefined;
  const base: RequestParts = encoded ? { body: encoded.text, contentType: encoded.contentType } : {};
  const cases: ContractCase[] = [];
  const add = async (parameter: OperationParameter, suffix: string, title: string, parts: RequestParts) => {
    const candidate: ContractCase = {
      id: `${operation.id}/negative/${suffix}`,
      kind: 'negative',
      operation,
      title,
      request: buildRequest(operation, { ...base, ...parts }, context),
      expect: { outcome: 'rejection' },
    };
    const violations = await requestViolations(operation, candidate.request, context);
    const own = `/${parameter.in}/${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
    if (
      violations.length > 0 &&
      violations.every(
        (violation) =>
          violation.kind === 'parameter' && (violation.pointer === own || violation.pointer.startsWith(`${own}/`)),
      )
    )
      cases.push(candidate);
  };
  for (const parameter of parameters) {
    const key = parameterKey(parameter);
    const where = `${parameter.in} parameter '${parameter.name}'`;
    if (parameter.required && parameter.in !== 'path')
      await add(parameter, `missing-parameter/${parameter.in}/${parameter.name}`, `without the required ${where}`, {
        omit: new Set([key]),
      });
    for (const [kind, wrong, describe] of invalidValues(parameter.schema!)) {
      await add(parameter, `parameter/${parameter.in}/${parameter.name}/${kind}`, `${where} ${describe}`, {
        values: new Map([[key, wrong]]),
      });
    }
  }
  return cases;
}
