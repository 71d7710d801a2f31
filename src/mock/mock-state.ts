/** Everything the mock derives from one spec; rebuilt as a whole on reload, swapped atomically. */
import { loadSpec } from '../spec/load-spec.js';
import type { LoadedSpec } from '../spec/types.js';
import { compileValidators, type SpecValidators } from '../validation/compile-validators.js';
import { compileParameterValidators, type ParameterValidator } from '../validation/parameters.js';
import { createErrorBodies, type ErrorBodyFactory } from './error-body.js';
import { createPrismEngine, type PrismEngine } from './prism-engine.js';
import { createRouter, type Router } from '../routing/router.js';
import { serverBasePath } from '../spec/servers.js';

/** The spec, its validators, the router, Prism and the Error-body factory. */
export interface MockState {
  spec: LoadedSpec;
  validators: SpecValidators;
  parameters: Map<string, ParameterValidator>;
  route: Router;
  engine: PrismEngine;
  errorBody: ErrorBodyFactory;
}

/** Load (or take) a spec and build the state serving it. */
export async function buildMockState(spec: string | LoadedSpec, allowExternalRefs: boolean): Promise<MockState> {
  const loaded = typeof spec === 'string' ? await loadSpec(spec, { allowExternalRefs }) : spec;
  const validators = compileValidators(loaded);
  return {
    spec: loaded,
    validators,
    parameters: compileParameterValidators(loaded),
    route: createRouter(loaded.operations, { basePaths: [serverBasePath(loaded.servers)] }),
    engine: await createPrismEngine(loaded.document),
    errorBody: createErrorBodies(loaded, validators),
  };
}
