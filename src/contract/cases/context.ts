/** What every case builder may use: the compiled validators, the credentials, a unique-integer counter. */

import type { Scenario } from '../../core/contracts/contracts-file.js';
import type { SchemaScope } from '../../core/generate/schema-facts.js';
import type { ProducerMap } from '../../core/resources/producers.js';
import type { CredentialSet } from '../../core/security/credentials.js';
import type { LoadedSpec, SchemaObject } from '../../core/spec/types.js';
import {
  type BodyValidator,
  compileSchemaValidators,
  type Direction,
  type SpecValidators,
} from '../../core/validation/compile-validators.js';
import { compileParameterValidators, type ParameterValidators } from '../../core/validation/parameters.js';

/** Read-only context handed to each case builder. */
export interface CaseContext {
  validators: SpecValidators;
  /** Parameter validators by operation id: every request the runner calls valid passes these. */
  parameterValidators: ParameterValidators;
  /** A validator for any schema of the spec (single parameter values, headers). */
  schemaValidator: (schema: SchemaObject, direction: Direction) => BodyValidator;
  /** Where generators resolve circular `$ref`s. */
  scope: SchemaScope;
  /** Configured credentials (never printed). */
  credentials: CredentialSet;
  /** Headers sent with every request (--header); they may carry credentials too. */
  headers: Readonly<Record<string, string>>;
  /** The bearer token (never printed); undefined when none is configured. */
  token: string | undefined;
  /** Run-wide counter for unique integers (ids a real server may refuse to see twice). */
  nextInteger: () => bigint;
  /** Scenarios from contracts/, by operation id. */
  scenarios: ReadonlyMap<string, readonly Scenario[]>;
  /** Notes for the whole run (a spec parameter plantkit will not send, ...), said once each. */
  note: (text: string) => void;
  /**
   * Values the run obtained from the server for the operation being built, by
   * `in:name` (producer to consumer, contract/producers/): a parameter takes
   * its bound value before any example or sample. Absent: every value is made up.
   */
  bound?: ReadonlyMap<string, unknown>;
  /** Which parameters other operations' answers fill (core/resources/producers.ts); absent outside a run. */
  producers?: ProducerMap;
}

/** The context of a run over `spec`: validators compiled once, credentials, scenarios. */
export function createCaseContext(
  spec: LoadedSpec,
  validators: SpecValidators,
  settings: {
    credentials: CredentialSet;
    token: string | undefined;
    integerBase: bigint;
    scenarios: ReadonlyMap<string, readonly Scenario[]>;
    headers?: Readonly<Record<string, string>>;
    note?: (text: string) => void;
  },
): CaseContext {
  const notes = new Set<string>();
  return {
    validators,
    parameterValidators: compileParameterValidators(spec),
    schemaValidator: compileSchemaValidators(spec),
    scope: { document: spec.document, version: spec.version },
    credentials: settings.credentials,
    headers: settings.headers ?? {},
    token: settings.token,
    nextInteger: integerCounter(settings.integerBase),
    scenarios: settings.scenarios,
    note: (text) => {
      if (notes.has(text)) return;
      notes.add(text);
      settings.note?.(text);
    },
  };
}

/** A counter starting at `base`, stepping by one. */
export function integerCounter(base: bigint): () => bigint {
  let next = base;
  return () => next++;
}
