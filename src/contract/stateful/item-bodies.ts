/**
 * The bodies a stateful sequence writes. The lifecycle sequence writes
 * readable ones: every declared property (so a server that drops an optional
 * one is seen), with free-text strings numbered per item (`plantkit sample
 * 2`) so two items never look alike. Random sequences write generated valid
 * values, seeded. Where the client names the item (an id in the body, a
 * slug), no two bodies of a run carry the same id: a correct server would
 * refuse the second with a 409. Every body is checked against the request
 * schema; one that fails falls back to the plain sample.
 */
import { sampleValues } from '../../core/generate/fast-check.js';
import { toJsonValue } from '../../core/generate/logical-value.js';
import { valueGen } from '../../core/generate/schema-gen.js';
import { cloneJson } from '../../core/json/exact-json.js';
import { idText } from '../../core/resources/id-text.js';
import { isRecord, objectShape } from '../../core/schema/object-shape.js';
import type { SchemaObject } from '../../core/spec/types.js';
import type { CaseContext } from '../cases/context.js';
import { bodyValue, type SendableBody } from '../cases/request-body.js';

/** How a body is chosen: the numbered sample, or a generated value from a seed. */
export type BodyChoice = { kind: 'sample'; number: number; label?: string } | { kind: 'generated'; seed: number };

/** A body value, or why there is none. */
export type BodyValue = { ok: true; value: unknown } | { ok: false; reason: string };

/** Generated candidates tried before the sample is used, and fresh ids tried for a client-named item. */
const ATTEMPTS = 20;

/** The bodies of one run: the ids clients chose so far are remembered across its sequences. */
export class ItemBodies {
  private readonly usedIds = new Set<string>();

  constructor(private readonly context: CaseContext) {}

  /** A valid body for `body`; with `idField`, one whose id no earlier body of the run carried. */
  value(body: SendableBody, choice: BodyChoice, idField?: string): BodyValue {
    const chosen = this.candidate(body, choice);
    if (!chosen.ok || idField === undefined || !isRecord(chosen.value) || !(idField in chosen.value)) return chosen;
    return this.withFreshId(body, chosen.value, idField, choice.kind === 'generated' ? choice.seed : choice.number);
  }

  private candidate(body: SendableBody, choice: BodyChoice): BodyValue {
    const sample = bodyValue(body, 'full', this.context);
    if (!sample.ok) return sample;
    const validate = body.validate ?? (() => []);
    if (choice.kind === 'generated' && body.codec.name === 'json') {
      const generated = sampleValues(
        valueGen(body.media.schema, { ...this.context.scope, direction: 'request' }),
        choice.seed,
        ATTEMPTS,
      )
        .map(toJsonValue)
        .find((value) => validate(value).length === 0);
      if (generated !== undefined) return { ok: true, value: generated };
    }
    if (choice.kind !== 'sample' || (choice.number <= 1 && choice.label === undefined)) return sample;
    const numbered = numberStrings(
      sample.value,
      body.media.schema,
      ` ${choice.number}${choice.label ? ` ${choice.label}` : ''}`,
    );
    return validate(numbered).length === 0 ? { ok: true, value: numbered } : sample;
  }

  /** `value` with an id not used before in the run: the sample's own, a numbered one, or a generated one. */
  private withFreshId(body: SendableBody, value: Record<string, unknown>, idField: string, seed: number): BodyValue {
    const schema = objectShape(body.media.schema).properties[idField];
    const validate = body.validate ?? (() => []);
    const candidates = [
      value[idField],
      ...(typeof value[idField] === 'string' ? [`${value[idField]}-${seed}`] : []),
      ...(schema
        ? sampleValues(valueGen(schema, { ...this.context.scope, direction: 'request' }), seed, ATTEMPTS).map(
            toJsonValue,
          )
        : []),
    ];
    for (const candidate of candidates) {
      const copy = cloneJson(value);
      copy[idField] = candidate;
      const text = idText(copy, idField);
      if (text === undefined || this.usedIds.has(text) || validate(copy).length > 0) continue;
      this.usedIds.add(text);
      return { ok: true, value: copy };
    }
    return { ok: false, reason: `no ${idField} unused in this run was found in ${ATTEMPTS} tries` };
  }
}

/** `value` with `suffix` appended to each top-level free-text string (no enum, const, format or pattern). */
function numberStrings(value: unknown, schema: SchemaObject | undefined, suffix: string): unknown {
  if (!isRecord(value)) return value;
  const properties = objectShape(schema).properties;
  const copy = cloneJson(value) as Record<string, unknown>;
  for (const [name, item] of Object.entries(copy)) {
    const property = properties[name];
    if (
      typeof item === 'string' &&
      property &&
      property.enum === undefined &&
      property.const === undefined &&
      property.format === undefined &&
      property.pattern === undefined
    )
      copy[name] = `${item}${suffix}`;
  }
  return copy;
}
