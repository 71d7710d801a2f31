/**
 * Generated values checked against the schemas before they are encoded: a
 * part's base value (is it usable as the valid value boundary edges
 * change?) and a whole request value (which edges the plan counts). The
 * authority is still the check on the wire (sender.ts); these are the cheap
 * checks on values, with int64 digits kept exact (logical-value.ts).
 */
import { toJsonValue } from '../../core/generate/logical-value.js';
import type { Operation } from '../../core/spec/types.js';
import { describeViolation } from '../../core/validation/violations.js';
import type { CaseContext } from '../cases/context.js';
import type { SendableBody } from '../cases/request-body.js';
import { parameterPointer, type RequestPart, type RequestValue } from './request-parts.js';

/** Why a value of one part is invalid; undefined when it is valid. */
export type PartCheck = (value: unknown) => string | undefined;

/** The check of one part: a parameter against the operation's parameter validator, the body against its media type's. */
export function partCheck(
  part: RequestPart,
  operation: Operation,
  context: CaseContext,
  body: SendableBody | undefined,
): PartCheck {
  const { parameter } = part;
  if (!parameter) {
    const validate = body?.validate;
    return (value) => {
      const [first] = validate ? validate(toJsonValue(value)) : [];
      return first && describeViolation(first);
    };
  }
  const validate = context.parameterValidators.get(operation.id);
  const own = parameterPointer(parameter);
  const name = own.slice(parameter.in.length + 2);
  return (value) => {
    // Inside a record, so an int64 keeps its digits (a number at the root has nowhere to record its text).
    const violations = validate ? validate(toJsonValue({ [parameter.in]: { [name]: value } }) as never) : [];
    const first = violations.find((violation) => violation.pointer === own || violation.pointer.startsWith(`${own}/`));
    if (!first) return undefined;
    const inner = (first.keyword === 'required' ? first.instancePath : first.pointer).slice(own.length);
    return `${parameter.in} parameter '${parameter.name}'${inner ? ` at ${inner}` : ''} ${first.message}`;
  };
}

/** True when `value` is valid (`valid`) or invalid (not `valid`) as far as its values show: the plan's estimate of what will be sent. */
export function admits(
  parts: readonly RequestPart[],
  checks: ReadonlyMap<string, PartCheck>,
  value: RequestValue,
  valid: boolean,
): boolean {
  let problem = false;
  for (const part of parts) {
    if (!(part.key in value)) {
      problem ||= part.required;
      continue;
    }
    problem ||= checks.get(part.key)?.(value[part.key]) !== undefined;
  }
  return valid ? !problem : problem;
}
