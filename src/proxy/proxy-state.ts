/**
 * Everything the proxy derives from the spec once, before it listens: the
 * validators the mock and the runner use, the router, the Error-body
 * factory, the runner's checks with their context, the echo rules of
 * contracts/, and where the spec's API keys travel (to keep them out of
 * output). Prism is never loaded: the proxy only checks.
 */

import { loadScenarios } from '../core/contracts/contracts-file.js';
import type { RequestCheckContext } from '../core/request/check-request.js';
import { checksFor } from '../core/response/checks/index.js';
import { createCheckContext } from '../core/response/context.js';
import type { Check, CheckContext } from '../core/response/types.js';
import { createRouter, type Router } from '../core/routing/router.js';
import { createErrorBodies, type ErrorBodyFactory } from '../core/server/error-body.js';
import { loadSpec } from '../core/spec/load-spec.js';
import { serverBasePath } from '../core/spec/servers.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { compileValidators, type SpecValidators } from '../core/validation/compile-validators.js';
import { compileParameterValidators, type ParameterValidators } from '../core/validation/parameters.js';
import { type EchoRules, echoRules } from './echo-rules.js';
import type { NormalizedProxyOptions } from './options.js';

/** Names of query parameters and cookies that carry the spec's API keys. */
export interface CredentialNames {
  query: ReadonlySet<string>;
  cookie: ReadonlySet<string>;
}

/** The spec and what is compiled from it. */
export interface ProxyState {
  spec: LoadedSpec;
  validators: SpecValidators;
  parameters: ParameterValidators;
  route: Router;
  errorBody: ErrorBodyFactory;
  checks: readonly Check[];
  /** The checks for a request the proxy could not read whole (`outcome` has nothing to go by), and for an unrouted one. */
  checksWithoutOutcome: readonly Check[];
  transportChecks: readonly Check[];
  checkContext: CheckContext;
  /** What the request checks need: the compiled validators, and no pinned credential (the upstream decides). */
  requestCheckContext: RequestCheckContext;
  echo: EchoRules;
  credentialNames: CredentialNames;
}

/** The shared checks the proxy runs on every exchange. */
const PROXY_CHECKS = checksFor('proxy');

/** Load the spec (and contracts/) and compile what judging exchanges needs. */
export async function buildProxyState(settings: NormalizedProxyOptions): Promise<ProxyState> {
  const spec =
    typeof settings.spec === 'string'
      ? await loadSpec(settings.spec, { allowExternalRefs: settings.allowExternalRefs })
      : settings.spec;
  const validators = compileValidators(spec);
  const parameters = compileParameterValidators(spec);
  const scenarios =
    settings.contracts === false
      ? new Map()
      : await loadScenarios(settings.contracts, spec, settings.contractsRequired);
  // Clients may call `/v1/plants` (the spec's server path) or `/plants` when the upstream URL holds the path.
  const upstreamPath = new URL(settings.upstream).pathname;
  return {
    spec,
    validators,
    parameters,
    route: createRouter(spec.operations, { basePaths: [serverBasePath(spec.servers), upstreamPath] }),
    errorBody: createErrorBodies(spec, validators),
    checks: PROXY_CHECKS,
    checksWithoutOutcome: PROXY_CHECKS.filter((check) => check.id !== 'outcome'),
    transportChecks: PROXY_CHECKS.filter((check) => check.id === 'transport'),
    requestCheckContext: { validators, parameters, pinned: () => undefined },
    checkContext: createCheckContext(spec, validators, settings.strict),
    echo: echoRules(scenarios),
    credentialNames: apiKeyNames(spec),
  };
}

/** Where apiKey schemes (OAS 4.8.27) put their keys outside headers: those values are secrets too. */
function apiKeyNames(spec: LoadedSpec): CredentialNames {
  const schemes = spec.operations
    .flatMap((operation) => operation.security.flat())
    .filter((scheme) => scheme.type === 'apiKey' && scheme.parameterName);
  const named = (location: string) =>
    new Set(schemes.filter((scheme) => scheme.in === location).map((scheme) => scheme.parameterName!));
  return { query: named('query'), cookie: named('cookie') };
}
