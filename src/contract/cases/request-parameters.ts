/**
 * Parameter values a request can carry and still be valid: the spec's own
 * example where it validates, else a deterministic sample, else a generated
 * value, each checked against the parameter's schema and against what the
 * wire carries unchanged (core/params/wire-value.ts: a header value with a line
 * break, a cookie value with a space). A parameter no attempt satisfies is
 * reported ("cannot generate"), never sent as valid.
 */
import { patternSample } from '../../core/generate/pattern-sample.js';
import { validValue } from '../../core/generate/valid-value.js';
import { encodeParameter } from '../../core/params/encode.js';
import { wireProblem } from '../../core/params/wire-value.js';
import { sampleValue } from '../../core/schema/sample-value.js';
import type { OperationParameter } from '../../core/spec/types.js';
import type { CaseContext } from './context.js';

/**
 * Headers the HTTP client owns (RFC 9112 framing and routing) and headers
 * OAS 4.8.12.1 says are ignored as parameters (Accept, Content-Type,
 * Authorization): a spec parameter never overrides them.
 */
export const CLIENT_OWNED_HEADERS = new Set([
  'content-length',
  'host',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'accept',
  'content-type',
  'authorization',
]);

/** The parameters a request of `mode` carries: required ones always, optional ones in `full` mode or when `chosen` says so. */
export function parametersToSend(
  parameters: readonly OperationParameter[],
  mode: 'minimal' | 'full',
  context: CaseContext,
  operationId: string,
  chosen: (parameter: OperationParameter) => boolean = () => false,
): OperationParameter[] {
  return parameters.filter((parameter) => {
    if (parameter.in === 'header' && CLIENT_OWNED_HEADERS.has(parameter.name.toLowerCase())) {
      context.note(
        `${operationId} declares a header parameter '${parameter.name}'; plantkit leaves that header to the HTTP client and does not send the spec's value`,
      );
      return false;
    }
    return parameter.required || mode === 'full' || chosen(parameter);
  });
}

/** A valid value for `parameter` that survives serialisation (a required array is sent with an item), or why there is none. */
export function parameterValue(
  parameter: OperationParameter,
  mode: 'minimal' | 'full',
  context: CaseContext,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const chosen = validParameterValue(parameter, mode, context);
  if (!chosen.ok || !parameter.required || !vanishes(parameter, chosen.value)) return chosen;
  // An empty array or object has no form on the wire in most styles (`?ids` would be absent): send one item.
  const withItem = validParameterValue(
    {
      ...parameter,
      schema: {
        ...parameter.schema,
        minItems: Math.max(1, Number(parameter.schema?.minItems ?? 0)),
        minProperties: Math.max(1, Number(parameter.schema?.minProperties ?? 0)),
      },
    },
    'full',
    context,
  );
  return withItem.ok && !vanishes(parameter, withItem.value) ? withItem : chosen;
}

/** True when `value` leaves no trace of `parameter` in the request. */
function vanishes(parameter: OperationParameter, value: unknown): boolean {
  const encoded = encodeParameter(parameter, value);
  return (
    (encoded.in === 'query' && encoded.pairs.length === 0) ||
    (encoded.in === 'cookie' && encoded.cookies.length === 0) ||
    (encoded.in === 'path' && encoded.text === '')
  );
}

function validParameterValue(
  parameter: OperationParameter,
  mode: 'minimal' | 'full',
  context: CaseContext,
): { ok: true; value: unknown } | { ok: false; reason: string } {
  const example = parameter.examples[0]?.value;
  if (!parameter.schema)
    return { ok: true, value: example !== undefined && !wireProblem(parameter, example) ? example : 'plantkit' };
  // A value the wire would change is no valid value to send: it fails like a schema violation.
  const schemaValidate = context.schemaValidator(parameter.schema, 'request');
  const validate = (value: unknown) => {
    const violations = schemaValidate(value);
    const problem = violations.length === 0 ? wireProblem(parameter, value) : undefined;
    return problem
      ? [{ pointer: '', instancePath: '', keyword: 'wire', message: problem, schemaPath: '' }]
      : violations;
  };
  for (const candidate of [...parameter.examples.map((item) => item.value), ...schemaExamples(parameter.schema)]) {
    if (validate(candidate).length === 0) return { ok: true, value: candidate };
  }
  const sampled = sampleValue(parameter.schema, {
    mode,
    nextInteger: context.nextInteger,
    matchPattern: patternSample,
  });
  const value = typeof sampled === 'bigint' ? sampled.toString() : sampled;
  if (validate(typeof sampled === 'bigint' ? Number(sampled) : value).length === 0)
    return { ok: true, value: typeof sampled === 'bigint' ? sampled : value };
  const charset = parameter.in === 'header' || parameter.in === 'cookie' ? 'header' : 'any';
  const generated = validValue(parameter.schema, validate, { ...context.scope, direction: 'request', charset }, 1, {
    preferSample: false,
  });
  return generated.ok
    ? generated
    : { ok: false, reason: `${parameter.in} parameter '${parameter.name}': ${generated.reason}` };
}

function schemaExamples(schema: Record<string, unknown>): unknown[] {
  return [
    ...(Array.isArray(schema.examples) ? schema.examples : []),
    ...(schema.example !== undefined ? [schema.example] : []),
    ...(schema.default !== undefined ? [schema.default] : []),
  ];
}
