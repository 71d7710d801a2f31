// Kept in the emitted .d.ts (an import of types only would be erased there): the augmentation at
// the end extends vitest's `Assertion`, so a consumer's type check loads vitest's typings with it,
// whatever its module system (test/packaging/packed-install.test.ts).
/// <reference types="vitest" preserve="true" />
/**
 * vitest matchers for teams' own suites:
 *
 *   expect.extend(await contractMatchers('openapi.yaml'));
 *   await expect(await fetch(url, init)).toMatchContract('addPlant');
 *
 * The same compiled validators and the same checks as `plantkit contract`
 * (server-error, status-documented, content-type, unexpected-body,
 * json-body, body-syntax, response-schema, response-headers, and
 * undeclared-property with `{ strict: true }`), for every media type.
 * Works with OpenAPI 3.0, 3.1 and Swagger 2.0.
 */
import { createCheckContext } from '../core/response/context.js';
import { describeFinding, judgeResponse } from '../core/response/judge-response.js';
import { loadSpec } from '../core/spec/load-spec.js';
import type { LoadedSpec } from '../core/spec/types.js';
import { compileValidators } from '../core/validation/compile-validators.js';
import { type AnyResponse, readResponse } from './read-response.js';

/** Options of `toMatchContract`. */
export interface ContractMatchOptions {
  /** Also fail on properties the response schema does not declare. */
  strict?: boolean;
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** Matchers for `expect.extend`, bound to one spec (a path or a loaded spec). */
export async function contractMatchers(spec: string | LoadedSpec) {
  const loaded = typeof spec === 'string' ? await loadSpec(spec) : spec;
  const validators = compileValidators(loaded);
  const context = createCheckContext(loaded, validators, false);
  const strictContext = createCheckContext(loaded, validators, true);
  return {
    async toMatchContract(
      this: { isNot?: boolean },
      received: AnyResponse,
      operationId: string,
      options: ContractMatchOptions = {},
    ): Promise<MatcherResult> {
      const operation = loaded.operations.find((candidate) => candidate.id === operationId);
      if (!operation) {
        const known = loaded.operations.map((candidate) => candidate.id).join(', ');
        return {
          pass: false,
          message: () => `toMatchContract: '${operationId}' is not an operation of ${loaded.title} (known: ${known})`,
        };
      }
      const response = await readResponse(received);
      const findings = await judgeResponse(response, operation, options.strict ? strictContext : context, 'vitest');
      const subject = `${operationId} (${operation.method} ${operation.path})`;
      return {
        pass: findings.length === 0,
        message: () =>
          findings.length === 0
            ? `expected the ${response.status} response not to match the contract of ${subject}, but it does`
            : `expected the ${response.status} response to match the contract of ${subject}:\n${findings.map(describeFinding).join('\n')}`,
      };
    },
  };
}

declare module 'vitest' {
  interface Assertion<T> {
    /** Resolves when the response matches the operation's documented status, Content-Type and body schema. */
    toMatchContract(operationId: string, options?: ContractMatchOptions): Promise<T>;
  }
}
