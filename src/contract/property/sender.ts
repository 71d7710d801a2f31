/**
 * From a generated value to a sent case: invalid values get their mutation
 * applied, taken ids move (unique-ids.ts), the body becomes exact JSON text,
 * and that text, parsed back, is validated against the request schema. A
 * "valid" body the validator refuses, or an "invalid" one it accepts, is
 * never sent: this re-validation of every request, shrunk ones included, is
 * what keeps a server that rejects or accepts it from raising a false alarm.
 */
import { applyMutation, type NegativeValue } from '../../generate/negative.js';
import { toJsonText } from '../../generate/logical-value.js';
import { parseJson } from '../../json/exact-json.js';
import { describeViolation } from '../../validation/violations.js';
import type { CaseContext } from '../cases/index.js';
import { buildRequest } from '../cases/request-builder.js';
import type { PhaseSession } from '../phase.js';
import type { CaseResult, ContractCase } from '../types.js';
import type { PropertyTarget } from './target.js';
import type { UniqueIds } from './unique-ids.js';

/** A generated value turned into a case, or the reason it cannot be one. */
export type Prepared = { case: ContractCase } | { unusable: string };

/** How a value is to be sent. */
export interface Intent {
  /** True: a valid body that must be accepted; false: a {@link NegativeValue} that must be rejected. */
  valid: boolean;
  /** Case id and title. */
  id: string;
  title: string;
}

/** Prepares and sends generated cases. */
export class GeneratedSender {
  /** Requests sent so far by this sender. */
  private readonly context: CaseContext;

  constructor(
    private readonly session: PhaseSession,
    private readonly ids: UniqueIds,
  ) {
    // Parameters sampled for generated requests use the seeded counter, so a replay sends the same ones.
    this.context = { ...session.context, nextInteger: () => ids.counter() };
  }

  /** The case for `value`, checked against the request schema. */
  prepare(target: PropertyTarget, value: unknown, intent: Intent): Prepared {
    const mutated = intent.valid ? value : applyMutation(value as NegativeValue, target.mutations);
    if (mutated === undefined) return { unusable: 'the property to break is not in the body' };
    const keep = intent.valid ? undefined : target.mutations.find((mutation) => mutation.key === (value as NegativeValue)[1][0])?.pointer;
    const text = toJsonText(this.ids.adjust(mutated, target.idRanges, keep));
    const parsed = parseJson(text);
    if (!parsed.ok) return { unusable: parsed.message };
    const [violation] = target.body.validate(parsed.value);
    if (intent.valid && violation) return { unusable: `generated body is not valid: ${describeViolation(violation)}` };
    if (!intent.valid && !violation) return { unusable: 'the mutated body is still valid' };
    const { operation } = target;
    return {
      case: {
        id: intent.id,
        kind: 'generated',
        operation,
        title: intent.title,
        request: buildRequest(operation, { body: text, contentType: target.body.media.mediaType }, this.context),
        expect: { outcome: intent.valid ? 'success' : 'rejection' },
      },
    };
  }

  /** Send a prepared case; the ids of an accepted body become taken. */
  async send(contractCase: ContractCase): Promise<CaseResult> {
    const result = await this.session.execute(contractCase);
    const status = result.exchange.response?.status ?? 0;
    if (status >= 200 && status < 300 && contractCase.request.body !== undefined) {
      const parsed = parseJson(contractCase.request.body);
      if (parsed.ok) this.ids.recordAccepted(parsed.value);
    }
    return result;
  }
}
