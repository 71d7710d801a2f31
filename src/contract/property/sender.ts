/**
 * From a generated request value to a sent case: invalid values get their
 * mutation applied, taken ids move (unique-ids.ts), the value is encoded
 * (request-encoding.ts), and the request as it goes on the wire is checked
 * the way the mock checks what it receives (cases/wire-check.ts). A "valid"
 * request with any violation, or an "invalid" one that is valid or breaks
 * anything besides the part its mutation broke, is never sent: this
 * re-validation of every request, shrunk ones included, is what keeps a
 * server that rejects or accepts it from raising a false alarm.
 */

import type { CaseResult, ContractCase, GeneratedPhase } from '../../core/exchange/types.js';
import { applyMutation, type Mutation, type NegativeValue } from '../../core/generate/negative.js';
import { parseJson } from '../../core/json/exact-json.js';
import type { RequestViolation } from '../../core/request/types.js';
import type { CaseContext } from '../cases/index.js';
import { parameterKey } from '../cases/request-builder.js';
import { requestViolations } from '../cases/wire-check.js';
import type { PhaseSession } from '../phase.js';
import { type Binding, bind, markCase, NO_BINDING } from '../producers/binding.js';
import { refill } from '../producers/refill.js';
import { encodeRequest } from './request-encoding.js';
import { BODY_KEY, parameterPointer, type RequestValue } from './request-parts.js';
import { deriveSeed } from './seeds.js';
import type { PropertyTarget } from './target.js';
import type { UniqueIds } from './unique-ids.js';

/** A generated value turned into a case (with the id scope of its phase; absent: the run's), or why it cannot be one. */
export type Prepared = { case: ContractCase; ids?: UniqueIds } | { unusable: string };

/** How a value is to be sent. */
export interface Intent {
  /** True: a valid request that must be accepted; false: a {@link NegativeValue} that must be rejected. */
  valid: boolean;
  /** The phase it belongs to: its ids and integers come from that phase's scope (unique-ids.ts). */
  phase: GeneratedPhase;
  /** Case id and title. */
  id: string;
  title: string;
  /** The request-value key of a part left as generated (an edge on an id parameter): it names no pooled resource. */
  keep?: string;
}

/** Prepares and sends generated cases. */
export class GeneratedSender {
  constructor(
    private readonly session: PhaseSession,
    private readonly ids: UniqueIds,
  ) {}

  /** The case for `value`, checked on the wire. */
  async prepare(target: PropertyTarget, value: unknown, intent: Intent): Promise<Prepared> {
    const mutation = intent.valid
      ? undefined
      : target.mutations.find((candidate) => candidate.key === (value as NegativeValue)[1][0]);
    const mutated = (intent.valid ? value : applyMutation(value as NegativeValue, target.mutations)) as
      | RequestValue
      | undefined;
    if (mutated === undefined) return { unusable: 'the property to break is not in the request' };
    // Parameters sampled for generated requests use the phase's seeded counter, so a replay sends the same ones.
    const ids = this.ids.scope(target.operation.id, intent.phase);
    const context: CaseContext = { ...this.session.context, nextInteger: () => ids.counter() };
    // Parameters that name a resource take a live one from the pool; the part an edge or a mutation is about stays.
    const keep = intent.keep ?? (mutation && partOf(target, mutation.pointer));
    const binding = await this.binding(target, intent.valid, keep);
    const request = encodeRequest(
      target,
      withPooled(target, intent.valid ? withFreeIds(target, mutated, ids) : mutated, binding, keep),
      { ...context, bound: withoutKey(binding.values, keep) },
      this.boundary(target),
    );
    if ('unusable' in request) return request;
    const violations = await requestViolations(target.operation, request.request, context);
    const noun = target.parts.every((part) => part.key === BODY_KEY) ? 'body' : 'request';
    if (intent.valid && violations.length > 0)
      return { unusable: `generated ${noun} is not valid: ${violations[0]!.message}` };
    if (mutation) {
      const problem = intendedProblem(violations, mutation, target);
      if (problem) return { unusable: problem.replace('%s', noun) };
    }
    const { operation } = target;
    return {
      ids,
      case: markCase(
        {
          id: intent.id,
          kind: 'generated',
          operation,
          title: intent.title,
          request: request.request,
          expect: { outcome: intent.valid ? 'success' : 'rejection' },
        },
        binding,
      ),
    };
  }

  /**
   * Live values for the operation's resource parameters. A valid DELETE
   * takes an item of its own (made for it when the pool has none left), so
   * that each one deletes something that exists.
   */
  private async binding(target: PropertyTarget, valid: boolean, keep: string | undefined): Promise<Binding> {
    const pool = this.session.resources;
    if (!pool) return NO_BINDING;
    const item = pool.producers.consumers(target.operation.id).find((consumer) => consumer.parameter.in === 'path');
    const claim =
      valid && target.operation.method === 'DELETE' && item !== undefined && parameterKey(item.parameter) !== keep;
    const first = bind(pool, target.operation, claim);
    if (!claim || first.values.size > 0) return first;
    const made = await refill(
      pool,
      target.operation,
      (contractCase) => this.session.execute(contractCase),
      () => {},
    );
    return made ? bind(pool, target.operation, claim) : first;
  }

  /** Send a prepared case; the ids of an accepted body become taken in its phase's scope. */
  async send(prepared: Extract<Prepared, { case: unknown }>): Promise<CaseResult> {
    const { case: contractCase, ids = this.ids } = prepared;
    const result = await this.session.execute(contractCase);
    const status = result.exchange.response?.status ?? 0;
    if (status >= 200 && status < 300 && contractCase.request.body !== undefined) {
      const parsed = parseJson(contractCase.request.body);
      if (parsed.ok) ids.recordAccepted(parsed.value);
    }
    return result;
  }

  /** A multipart boundary fixed by the seed and the operation: a replay sends the same bytes, and a repeated request is recognised. */
  private boundary(target: PropertyTarget): string {
    return `plantkit-${deriveSeed(this.session.settings.seed, target.operation.id, 'multipart').toString(36)}`;
  }
}

/**
 * Why `violations` are not the one `mutation` intends, with `%s` for what
 * was sent; undefined when they are. Every violation must be in the part it
 * broke (that parameter; for the body, the body and nothing else), and one
 * on the path to the broken property (a required error points at its
 * parent, a type error inside it). Other branches of a oneOf the mutation
 * left also fail: they are the same broken constraint, seen from the oneOf.
 */
function intendedProblem(
  violations: readonly RequestViolation[],
  mutation: Mutation,
  target: PropertyTarget,
): string | undefined {
  if (violations.length === 0) return 'the mutated %s is still valid';
  const part = target.parts.find(
    (candidate) => mutation.pointer === candidate.pointer || mutation.pointer.startsWith(`${candidate.pointer}/`),
  );
  const own = part?.parameter ? parameterPointer(part.parameter) : undefined;
  const inPart = (violation: RequestViolation) =>
    own
      ? violation.kind === 'parameter' && related(violation.pointer, own) && violation.pointer.length >= own.length
      : ['body', 'body-syntax', 'missing-body'].includes(violation.kind);
  const stray = violations.find((violation) => !inPart(violation));
  if (stray) return `the mutated %s breaks more than ${mutation.describe}: ${stray.message}`;
  if (!own && !violations.some((violation) => related(violation.pointer, mutation.pointer)))
    return `the mutated %s is invalid elsewhere than ${mutation.describe}: ${violations[0]!.message}`;
  return undefined;
}

/**
 * A valid value with taken body ids moved. An invalid one is left as it is:
 * it must be refused anyway, and a 409 for a taken id is a refusal too.
 */
function withFreeIds(target: PropertyTarget, value: RequestValue, ids: UniqueIds): RequestValue {
  if (!(BODY_KEY in value) || target.idRanges.size === 0) return value;
  const body = ids.adjust(value[BODY_KEY], target.idRanges);
  return body === value[BODY_KEY] ? value : { ...value, [BODY_KEY]: body };
}

/** The key of the part `pointer` (into the request value) is in. */
function partOf(target: PropertyTarget, pointer: string): string | undefined {
  return target.parts.find((part) => pointer === part.pointer || pointer.startsWith(`${part.pointer}/`))?.key;
}

/** `value` with the bound parts set to their pooled values, all but `keep`. */
function withPooled(
  target: PropertyTarget,
  value: RequestValue,
  binding: Binding,
  keep: string | undefined,
): RequestValue {
  const parts = target.parts.filter((part) => part.key !== keep && binding.values.has(part.key) && part.key in value);
  if (parts.length === 0) return value;
  return { ...value, ...Object.fromEntries(parts.map((part) => [part.key, binding.values.get(part.key)])) };
}

function withoutKey(values: ReadonlyMap<string, unknown>, key: string | undefined): ReadonlyMap<string, unknown> {
  if (key === undefined || !values.has(key)) return values;
  return new Map([...values].filter(([name]) => name !== key));
}

function related(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}
