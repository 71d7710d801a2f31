/**
 * Checking a request against its operation with the compiled validators:
 * credentials (OAS 4.8.30), parameters in every style (params/), the
 * Content-Type against the documented media types and the body through its
 * codec (codec/) and schema. The mock, the proxy and the contract runner all
 * call this, so what one calls valid the others do too.
 */
import { codecFor, type Decoded } from '../codec/index.js';
import { matchMediaContent, parseMediaType } from '../http/media-type.js';
import { decodeParameters, type ParameterProblem, type ParameterValues } from '../params/decode.js';
import { checkSecurity, credentialSource } from '../security/requirements.js';
import type { Operation, SecuritySchemeUse } from '../spec/types.js';
import type { SpecValidators } from '../validation/compile-validators.js';
import type { ParameterValidators } from '../validation/parameters.js';
import { describeViolation } from '../validation/violations.js';
import type { CheckedRequest, RequestInput, RequestViolation } from './types.js';

/**
 * What an operation without parameters reads off every request: one shared, frozen value (a change to it
 * would throw, never leak into the next request), where seven objects were built per request.
 */
const NO_PARAMETERS: { values: ParameterValues; problems: ParameterProblem[] } = Object.freeze({
  values: Object.freeze({
    path: Object.freeze({}),
    query: Object.freeze({}),
    header: Object.freeze({}),
    cookie: Object.freeze({}),
  }),
  problems: Object.freeze([]) as unknown as ParameterProblem[],
});

/** What checking needs from a spec's compiled state. */
export interface RequestCheckContext {
  validators: SpecValidators;
  parameters: ParameterValidators;
  /** The only credential a scheme accepts (undefined: any well-formed one). */
  pinned: (scheme: SecuritySchemeUse) => string | undefined;
  /** Skip the credential check (the runner checks its own positive requests without secrets). */
  skipSecurity?: boolean;
}

/** Check `input`; violations in the order a server would meet them (credentials, parameters, media type, body). */
export async function checkRequest(input: RequestInput, context: RequestCheckContext): Promise<CheckedRequest> {
  return checkRequestNow(input, context);
}

/**
 * {@link checkRequest}, answered at once unless the body's codec decodes
 * asynchronously (multipart): the mock's hot path then waits for nothing,
 * since every await is a trip through the microtask queue.
 */
export function checkRequestNow(
  input: RequestInput,
  context: RequestCheckContext,
): CheckedRequest | Promise<CheckedRequest> {
  const { operation } = input;
  const violations: RequestViolation[] = [];
  if (!context.skipSecurity) {
    const security = checkSecurity(operation.security, credentialSource(input.headers, input.search), context.pinned);
    if (!security.ok)
      violations.push({ kind: 'security', pointer: '', message: security.message, challenges: security.challenges });
  }

  const { values, problems } =
    operation.parameters.length === 0
      ? NO_PARAMETERS
      : decodeParameters(operation.parameters, {
          path: input.pathParameters,
          search: input.search,
          headers: input.headers,
        });
  for (const problem of problems)
    violations.push({
      kind: 'parameter',
      pointer: `/${problem.location}/${problem.name}`,
      message: `${problem.location} parameter '${problem.name}' ${problem.message}`,
    });
  const validate = context.parameters.get(operation.id);
  for (const violation of validate ? validate(values) : []) {
    const [, location = '', name = ''] = violation.pointer.split('/');
    if (problems.some((problem) => problem.location === location && problem.name === name)) continue;
    const inner = violation.pointer.split('/').slice(3).join('/');
    const message =
      violation.keyword === 'required' && inner === ''
        ? `missing required ${location} parameter '${name}'`
        : `${location} parameter '${name}'${inner ? ` at /${inner}` : ''} ${violation.message}`;
    violations.push({ kind: 'parameter', pointer: violation.pointer, message });
  }

  const body = checkBody(input, context, violations);
  return body instanceof Promise
    ? body.then((decoded) => ({ parameters: values, body: decoded, violations }))
    : { parameters: values, body, violations };
}

function checkBody(
  input: RequestInput,
  context: RequestCheckContext,
  violations: RequestViolation[],
): CheckedRequest['body'] | Promise<CheckedRequest['body']> {
  const { operation } = input;
  const bytes = input.body ?? Buffer.alloc(0);
  if (bytes.length === 0) {
    if (operation.requestBody?.required)
      violations.push({
        kind: 'missing-body',
        pointer: '/body',
        message: `missing request body; send ${documentedTypes(operation).join(' or ') || 'one'}`,
      });
    return undefined;
  }
  if (!operation.requestBody || operation.requestBody.content.length === 0) {
    violations.push({
      kind: 'unexpected-body',
      pointer: '/body',
      message: `${operation.method} ${operation.path} documents no request body, yet one was sent`,
    });
    return undefined;
  }
  const header = input.headers['content-type'];
  const mediaType = parseMediaType(header);
  if (!mediaType) {
    violations.push({
      kind: 'content-type',
      pointer: '/header/content-type',
      message: `${header ? `Content-Type '${header}' is not a media type` : 'missing Content-Type header'}; send Content-Type: ${documentedTypes(operation)[0]}`,
    });
    return undefined;
  }
  const media = matchMediaContent(mediaType.essence, operation.requestBody.content);
  if (!media) {
    violations.push({
      kind: 'content-type',
      pointer: '/header/content-type',
      message: `Content-Type ${mediaType.essence} is not accepted; send ${documentedTypes(operation).join(' or ')}`,
    });
    return undefined;
  }
  const decoded = codecFor(mediaType).decode(bytes, { mediaType, schema: media.schema, encoding: media.encoding });
  return decoded instanceof Promise
    ? decoded.then((settled) => checkDecoded(settled, header!, media.mediaType, input, context, violations))
    : checkDecoded(decoded, header!, media.mediaType, input, context, violations);
}

/** The decoded body checked against the schema of the documented media type `documented`. */
function checkDecoded(
  decoded: Decoded,
  header: string,
  documented: string,
  input: RequestInput,
  context: RequestCheckContext,
  violations: RequestViolation[],
): CheckedRequest['body'] {
  const { operation } = input;
  if (!decoded.ok) {
    violations.push({ kind: 'body-syntax', pointer: '/body', message: decoded.message });
    return undefined;
  }
  const validate = decoded.validatable ? context.validators.request(operation.id, documented) : undefined;
  for (const violation of validate ? validate(decoded.value) : []) {
    violations.push({ kind: 'body', pointer: `/body${violation.pointer}`, message: describeViolation(violation) });
  }
  return { mediaType: header, value: decoded.value };
}

/** The media types the operation documents for its body, for refusals: a valid body builds no list. */
function documentedTypes(operation: Operation): string[] {
  return operation.requestBody?.content.map((media) => media.mediaType) ?? [];
}
