/**
 * Positive cases: requests the spec says are valid must get a documented
 * non-error status with a valid body. The spec's own request examples, a
 * minimal request (required parameters and properties only) and a full one
 * (every parameter and property), in the body's media type. Each is checked
 * on the wire with the mock's request checks before it is called valid; one
 * that cannot be made valid is skipped with the reason, never sent.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import type { Operation } from '../../core/spec/types.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, type SendableBody, sendableBody } from './request-body.js';
import { buildRequestChecked } from './request-builder.js';
import { describeFirst, requestViolations } from './wire-check.js';

/** Positive cases of one operation. Invalid examples are left to `plantkit spec check`. */
export async function positiveCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  const body = sendableBody(operation, context);
  const cases: ContractCase[] = [];
  const add = async (
    suffix: string,
    title: string,
    mode: 'minimal' | 'full',
    value: { ok: true; value: unknown } | { ok: false; reason: string } | undefined,
  ) => {
    const contractCase: ContractCase = {
      id: `${operation.id}/positive/${suffix}`,
      kind: 'positive',
      operation,
      title,
      request: { method: operation.method, path: operation.path, headers: {} },
      expect: { outcome: 'success' },
    };
    if (value && !value.ok)
      return cases.push({ ...contractCase, skip: `cannot generate a valid request: ${value.reason}` });
    const encoded = value && body ? encodeBody(body, value.value) : undefined;
    const built = buildRequestChecked(
      operation,
      { mode, ...(encoded ? { body: encoded.text, contentType: encoded.contentType } : {}) },
      context,
    );
    contractCase.request = built.request;
    if (built.problem)
      return cases.push({ ...contractCase, skip: `cannot generate a valid request: ${built.problem}` });
    const violations = await requestViolations(operation, built.request, context);
    if (violations.length > 0)
      return cases.push({
        ...contractCase,
        skip: `cannot generate a valid request: ${describeFirst(violations)}; add a request example to the spec`,
      });
    return cases.push(contractCase);
  };

  if (!body) {
    await add('request', 'request with the documented parameters', 'minimal', undefined);
    if (operation.parameters.some((parameter) => !parameter.required))
      await add('all-parameters', 'request with every documented parameter', 'full', undefined);
    return cases;
  }
  for (const example of validExamples(body))
    await add(`example/${example.name}`, `request example '${example.name}'`, 'minimal', {
      ok: true,
      value: example.value,
    });
  const minimal = bodyValue(body, 'minimal', context);
  await add('minimal', `minimal ${bodyNoun(body)} (required properties only)`, 'minimal', minimal);
  const full = bodyValue(body, 'full', context);
  if (
    full.ok &&
    minimal.ok &&
    (size(full.value) > size(minimal.value) || operation.parameters.some((parameter) => !parameter.required))
  ) {
    await add('full', `full ${bodyNoun(body)} (every declared property and parameter)`, 'full', full);
  }
  return cases;
}

function validExamples(body: SendableBody): Array<{ name: string; value: unknown }> {
  return body.media.examples.filter((example) => !body.validate || body.validate(example.value).length === 0);
}

function bodyNoun(body: SendableBody): string {
  return body.codec.name === 'json' ? 'body' : `${body.media.mediaType} body`;
}

function size(value: unknown): number {
  return typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
}
