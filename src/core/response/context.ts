/** The read-only context of every check in a run (or one matcher call). */
import type { LoadedSpec } from '../spec/types.js';
import { compileSchemaValidators, type SpecValidators } from '../validation/compile-validators.js';
import type { CheckContext } from './types.js';

/** A check context over `spec`'s compiled validators; `once` remembers keys for the life of the context. */
export function createCheckContext(
  spec: Pick<LoadedSpec, 'version' | 'document'>,
  validators: SpecValidators,
  strict: boolean,
): CheckContext {
  const seen = new Set<string>();
  return {
    validators,
    strict,
    schemaValidator: compileSchemaValidators(spec),
    once: (key) => {
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    },
  };
}
