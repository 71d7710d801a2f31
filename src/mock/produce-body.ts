/**
 * The body of a mock answer: the pinned example, Prism's answer (echoing the
 * request where a success's schema allows), or a generated valid value, each
 * checked against the media type's schema. When Prism's answer is the spec's
 * own example and fails, valid generated data is served with a warning naming
 * the example; asked for by name, a broken example is a 500 saying why. A
 * string example of an XML media type is the document itself (xml-document.ts).
 */
import path from 'node:path';
import { validValue } from '../core/generate/valid-value.js';
import { canonicalJson, cloneJson } from '../core/json/exact-json.js';
import type { MediaTypeContent, Operation } from '../core/spec/types.js';
import type { BodyValidator } from '../core/validation/compile-validators.js';
import { describeViolation } from '../core/validation/violations.js';
import { echoRequest } from './echo.js';
import type { MockState } from './mock-state.js';
import type { Preferences } from './prefer.js';
import type { EngineResult } from './prism-engine.js';
import { mayBeXmlDocument, xmlDocument } from './xml-document.js';

/** A checked request ready to be answered. */
export interface ValidRequest {
  operation: Operation;
  method: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  /** The decoded body value (JSON, form fields, ...), undefined without a body. */
  body: unknown;
}

/** What the response stage decided before the body: status, media type, preferences and seeds. */
export interface BodyPlan {
  status: number;
  media: MediaTypeContent;
  preferences: Preferences;
  dynamic: boolean;
  seed: string | undefined;
  numericSeed: number;
}

/** A body value (with a warning for the log and a header when it replaces a broken example), or why there is none. */
export type Produced =
  | {
      ok: true;
      value: unknown;
      warning?: string;
      /** An XML document to send as written (its value, read back, passed the schema). */
      document?: string;
    }
  | { ok: false; status: number; message: string };

/**
 * The body value: the pinned example, Prism's answer (echoing the request), or a generated valid value.
 * At once when nothing on the way waits (a memoised answer that is no XML document): every await is a
 * trip through the microtask queue, on every request.
 */
export function produceBody(request: ValidRequest, plan: BodyPlan, state: MockState): Produced | Promise<Produced> {
  const { operation } = request;
  const { status, media, preferences } = plan;
  const validate = media.schema ? state.validators.response(operation.id, status, media.mediaType) : undefined;
  if (preferences.example !== undefined) return pinnedExample(preferences.example, operation, plan, validate, state);

  const engineRequest = {
    operationId: operation.id,
    method: operation.method,
    template: operation.path,
    query: request.query,
    headers: request.headers,
    accept: media.mediaType,
    body: request.body,
  };
  const asked = { dynamic: plan.dynamic, code: status, ...(plan.seed === undefined ? {} : { seed: plan.seed }) };
  // A memoised static answer is taken at once: no promise to wait for on the common path.
  const memoised = state.engine.memoised(engineRequest, asked);
  return memoised
    ? fromPrism(memoised, request, plan, validate, state)
    : state.engine.respond(engineRequest, asked).then((prism) => fromPrism(prism, request, plan, validate, state));
}

/** The example the client named (`Prefer: example=`), when it passes the schema. */
async function pinnedExample(
  name: string,
  operation: Operation,
  plan: BodyPlan,
  validate: BodyValidator | undefined,
  state: MockState,
): Promise<Produced> {
  const { status, media } = plan;
  const example = media.examples.find((candidate) => candidate.name === name);
  if (!example)
    return {
      ok: false,
      status: 404,
      message: `${operation.id} has no example '${name}' for status ${status} (${media.mediaType}); documented: ${media.examples.map((candidate) => candidate.name).join(', ') || 'none'}`,
    };
  const document = mayBeXmlDocument(example.value, media) ? await xmlDocument(example.value, media) : undefined;
  const pinned = checked(
    document?.value ?? example.value,
    validate,
    operation,
    status,
    exampleSource(state, example.pointer),
  );
  return pinned.ok && document ? { ...pinned, document: document.text } : pinned;
}

/** Prism's answer as the body (echoing the request), read back first when it is an XML document. */
function fromPrism(
  prism: EngineResult,
  request: ValidRequest,
  plan: BodyPlan,
  validate: BodyValidator | undefined,
  state: MockState,
): Produced | Promise<Produced> {
  // Only a string answer for an XML media type costs a read-back (and a promise): JSON answers pay nothing.
  return prism.ok && mayBeXmlDocument(prism.body, plan.media)
    ? xmlDocument(prism.body, plan.media).then((document) =>
        checkedAnswer(prism, document, request, plan, validate, state),
      )
    : checkedAnswer(prism, undefined, request, plan, validate, state);
}

/** Prism's answer (or the XML document it read as), echoed and checked; valid generated data where it fails. */
function checkedAnswer(
  prism: EngineResult,
  document: { text: string; value: unknown } | undefined,
  request: ValidRequest,
  plan: BodyPlan,
  validate: BodyValidator | undefined,
  state: MockState,
): Produced {
  const { operation } = request;
  const { status, media, preferences } = plan;
  if (document && (!validate || validate(document.value).length === 0))
    return { ok: true, value: document.value, document: document.text };
  const value =
    prism.ok && preferences.code === undefined && status < 300
      ? echo(prism.body, request, plan, state)
      : prism.ok
        ? prism.body
        : undefined;
  if (!validate) return { ok: true, value: value ?? '' };
  if (prism.ok && validate(value).length === 0) return { ok: true, value };

  // The spec's own example is wrong: serve valid generated data instead, and say where the example is.
  const fromExample =
    prism.ok && !plan.dynamic ? media.examples.find((example) => sameJson(example.value, prism.body)) : undefined;
  const brokenExample =
    fromExample && checked(value, validate, operation, status, exampleSource(state, fromExample.pointer));
  const warning =
    brokenExample && !brokenExample.ok ? `${brokenExample.message}; serving generated data instead` : undefined;
  const generated = generatedValue(state, `${operation.id}\u0000${status}\u0000${media.mediaType}`, !plan.dynamic, () =>
    validValue(media.schema, validate, state.scope, plan.numericSeed, { preferSample: !plan.dynamic }),
  );
  if (generated.ok) {
    const echoed =
      preferences.code === undefined && status < 300 ? echo(generated.value, request, plan, state) : generated.value;
    return {
      ok: true,
      value: validate(echoed).length === 0 ? echoed : generated.value,
      ...(warning ? { warning } : {}),
    };
  }
  if (brokenExample && !brokenExample.ok) return brokenExample;
  return {
    ok: false,
    status: 500,
    message: `the mock cannot produce a valid ${status} response for ${operation.id} (${generated.reason}); check that the schema at #${media.schemaPointer} can be satisfied`,
  };
}

/** A success the client did not pin to a code shows what the client sent (echo.ts). */
function echo(body: unknown, request: ValidRequest, plan: BodyPlan, state: MockState): unknown {
  return echoRequest(body, request.body, plan.media.schema, !plan.dynamic, state.validForResponse);
}

/** A fixed value, served only when it is valid for the negotiated media type's schema. */
export function fixedBody(
  value: unknown,
  media: MediaTypeContent,
  operation: Operation,
  status: number,
  state: MockState,
): Produced {
  const validate = media.schema ? state.validators.response(operation.id, status, media.mediaType) : undefined;
  return checked(value, validate, operation, status, 'the stored item');
}

function checked(
  value: unknown,
  validate: BodyValidator | undefined,
  operation: Operation,
  status: number,
  source: string,
): Produced {
  const violations = validate ? validate(value) : [];
  if (violations.length === 0) return { ok: true, value };
  const reasons = violations
    .slice(0, 5)
    .map((violation) => describeViolation(violation))
    .join('; ');
  return {
    ok: false,
    status: 500,
    message: `the mock's ${status} response for ${operation.id} fails the spec (${reasons}); fix ${source} or the schema`,
  };
}

/** Static generated answers kept per operation, status and media type (bounded like Prism's memo). */
const MAX_GENERATED = 512;

/** `produce()`, remembered under `key` when the answer is static: the same every time, and generating it can take long. */
function generatedValue(
  state: MockState,
  key: string,
  remember: boolean,
  produce: () => ReturnType<typeof validValue>,
): ReturnType<typeof validValue> {
  if (!remember) return produce();
  const cached = state.generated.get(key);
  if (cached) return cached.ok ? { ok: true, value: cloneJson(cached.value) } : cached;
  const value = produce();
  if (state.generated.size >= MAX_GENERATED) state.generated.clear();
  state.generated.set(key, value.ok ? { ok: true, value: cloneJson(value.value) } : value);
  return value;
}

/** `the example at openapi.yaml#/paths/...`: where to fix it (the same location `plantkit spec check` reports). */
function exampleSource(state: MockState, pointer: string): string {
  return `the example at ${path.basename(state.spec.source)}#${pointer}`;
}

function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson({ value: a }, 'value') === canonicalJson({ value: b }, 'value');
}
