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
 * (server-error, status-documented, content-type, json-body,
 * response-schema, and undeclared-property with `{ strict: true }`).
 * Works with OpenAPI 3.0 and 3.1.
 */
import { analyseExchange } from '../contract/checks/analyse.js';
import { CHECKS } from '../contract/checks/index.js';
import type { ContractCase, ReceivedResponse } from '../contract/types.js';
import type { Finding } from '../findings.js';
import { loadSpec } from '../spec/load-spec.js';
import type { LoadedSpec } from '../spec/types.js';
import { compileValidators } from '../validation/compile-validators.js';
import { readResponse, type AnyResponse } from './read-response.js';

/** Options of `toMatchContract`. */
export interface ContractMatchOptions {
  /** Also fail on properties the response schema does not declare. */
  strict?: boolean;
}

/** The checks that judge a response on its own (no request expectations). */
const RESPONSE_CHECKS = CHECKS.filter((check) => ['server-error', 'status-documented', 'content-type', 'json-body', 'response-schema', 'undeclared-property'].includes(check.id));

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/** Matchers for `expect.extend`, bound to one spec (a path or a loaded spec). */
export async function contractMatchers(spec: string | LoadedSpec) {
  const loaded = typeof spec === 'string' ? await loadSpec(spec) : spec;
  const validators = compileValidators(loaded);
  return {
    async toMatchContract(this: { isNot?: boolean }, received: AnyResponse, operationId: string, options: ContractMatchOptions = {}): Promise<MatcherResult> {
      const operation = loaded.operations.find((candidate) => candidate.id === operationId);
      if (!operation) {
        const known = loaded.operations.map((candidate) => candidate.id).join(', ');
        return { pass: false, message: () => `toMatchContract: '${operationId}' is not an operation of ${loaded.title} (known: ${known})` };
      }
      const response = await readResponse(received);
      const findings = judge(response, operation, validators, options.strict ?? false);
      const subject = `${operationId} (${operation.method} ${operation.path})`;
      return {
        pass: findings.length === 0,
        message: () =>
          findings.length === 0
            ? `expected the ${response.status} response not to match the contract of ${subject}, but it does`
            : `expected the ${response.status} response to match the contract of ${subject}:\n${findings.map(describe).join('\n')}`,
      };
    },
  };
}

function judge(response: ReceivedResponse, operation: LoadedSpec['operations'][number], validators: ReturnType<typeof compileValidators>, strict: boolean): Finding[] {
  const contractCase: ContractCase = { id: `${operation.id}/vitest`, kind: 'positive', operation, title: 'vitest', request: { method: operation.method, path: operation.path, headers: {} }, expect: { outcome: 'success' } };
  const exchange = analyseExchange({ case: contractCase, url: operation.path, durationMs: 0, response });
  return RESPONSE_CHECKS.flatMap((check) => check.run(exchange, { validators, strict }));
}

function describe(finding: Finding): string {
  const lines = [`  ${finding.check}${finding.pointer ? ` ${finding.pointer}` : ''}: ${finding.message}`];
  if (finding.received !== undefined) lines.push(`    received:   ${finding.received}`);
  if (finding.documented !== undefined) lines.push(`    documented: ${finding.documented}`);
  return lines.join('\n');
}

declare module 'vitest' {
  interface Assertion<T> {
    /** Resolves when the response matches the operation's documented status, Content-Type and body schema. */
    toMatchContract(operationId: string, options?: ContractMatchOptions): Promise<T>;
  }
}
