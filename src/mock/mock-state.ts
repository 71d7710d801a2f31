/** Everything the mock derives from one spec; rebuilt as a whole on reload, swapped atomically. */
import type { SchemaScope } from '../core/generate/schema-facts.js';
import { inferCollections } from '../core/resources/infer-collections.js';
import type { ResourceMap } from '../core/resources/types.js';
import { createRouter, type Router } from '../core/routing/router.js';
import { type CredentialSet, credentialFor } from '../core/security/credentials.js';
import { createErrorBodies, type ErrorBodyFactory } from '../core/server/error-body.js';
import { loadSpec } from '../core/spec/load-spec.js';
import { serverBasePath } from '../core/spec/servers.js';
import type { LoadedSpec, SchemaObject, SecuritySchemeUse } from '../core/spec/types.js';
import {
  type BodyValidator,
  compileSchemaValidators,
  compileValidators,
  type Direction,
  type SpecValidators,
} from '../core/validation/compile-validators.js';
import { compileParameterValidators, type ParameterValidators } from '../core/validation/parameters.js';
import { type AnswerEngine, createAnswerEngine } from './answer-engine.js';

/** The spec, its validators, the router, Prism and the Error-body factory. */
export interface MockState {
  spec: LoadedSpec;
  validators: SpecValidators;
  parameters: ParameterValidators;
  /** A validator for any schema of the spec, seen from one side of the wire (echo, headers). */
  schemaValidator: (schema: SchemaObject, direction: Direction) => BodyValidator;
  /** Whether a value is valid for a response schema: the echo asks per property, on every echoed answer. */
  validForResponse: (schema: SchemaObject, value: unknown) => boolean;
  /** Where generators resolve circular `$ref`s. */
  scope: SchemaScope;
  route: Router;
  engine: AnswerEngine;
  errorBody: ErrorBodyFactory;
  /** The only credential a scheme accepts; undefined: any well-formed one. */
  pinned: (scheme: SecuritySchemeUse) => string | undefined;
  /** The value of the {@link MOCK_HEADER} header on every response. */
  identity: string;
  /** Static answers plantkit generated where Prism's failed the schema (respond.ts), by operation, status and media type. */
  generated: Map<string, { ok: true; value: unknown } | { ok: false; reason: string }>;
  /** The spec's collections, when the mock keeps state (`--stateful`); undefined otherwise. */
  resources: ResourceMap | undefined;
}

/**
 * Every mock response says it comes from a plantkit mock, which security
 * schemes accept only a pinned credential (`credentials=any`, or
 * `credentials=pinned:bearerAuth,apiKey`) and whether it keeps state, so the
 * contract runner can tell a mock that accepts any token from a server that
 * ignores auth, and never fails the kit's own mock.
 */
export const MOCK_HEADER = 'x-plantkit-mock';

function mockIdentity(
  spec: LoadedSpec,
  pinned: (scheme: SecuritySchemeUse) => string | undefined,
  stateful: boolean,
): string {
  const schemes = new Map(
    spec.operations.flatMap((operation) => operation.security.flat()).map((scheme) => [scheme.name, scheme]),
  );
  const names = [...schemes.values()].filter((scheme) => pinned(scheme) !== undefined).map((scheme) => scheme.name);
  return `credentials=${names.length > 0 ? `pinned:${names.join(',')}` : 'any'}; stateful=${stateful}`;
}

/** Load (or take) a spec and build the state serving it; `stateful` infers its collections (src/core/resources/). */
export async function buildMockState(
  spec: string | LoadedSpec,
  allowExternalRefs: boolean,
  credentials: CredentialSet,
  stateful = false,
): Promise<MockState> {
  const loaded =
    typeof spec === 'string'
      ? await loadSpec(spec, { allowExternalRefs, isolateUnresolvedRefs: true, isolateInvalidParts: true })
      : spec;
  const validators = compileValidators(loaded);
  const schemaValidator = compileSchemaValidators(loaded);
  // Asked on every request: each scheme's pin is worked out once (its environment name takes regular expressions).
  const pins = new Map<SecuritySchemeUse, string | undefined>();
  const pinned = (scheme: SecuritySchemeUse) => {
    if (!pins.has(scheme)) pins.set(scheme, credentialFor(scheme, credentials));
    return pins.get(scheme);
  };
  return {
    spec: loaded,
    validators,
    parameters: compileParameterValidators(loaded),
    schemaValidator,
    validForResponse: (schema, value) => schemaValidator(schema, 'response')(value).length === 0,
    scope: { document: loaded.document, version: loaded.version, direction: 'response' },
    route: createRouter(loaded.operations, { basePaths: [serverBasePath(loaded.servers)] }),
    engine: createAnswerEngine(loaded.document, loaded.rawDocument),
    errorBody: createErrorBodies(loaded, validators),
    pinned,
    identity: mockIdentity(loaded, pinned, stateful),
    generated: new Map(),
    resources: stateful ? inferCollections(loaded.operations) : undefined,
  };
}
