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
import { analyseExchange } from '../contract/checks/analyse.js';
import { CHECKS, createCheckContext, decodeResponseBody, type CheckContext } from '../contract/checks/index.js';
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
const RESPONSE_CHECKS = CHECKS.filter((check) =>
  [
    'server-error',
    'status-documented',
    'content-type',
    'unexpected-body',
    'json-body',
    'body-syntax',
    'response-schema',
    'response-headers',
    'undeclared-property',
  ].includes(check.id),
);

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
      const findings = await judge(response, operation, options.strict ? strictContext : context);
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

async function judge(
  response: ReceivedResponse,
  operation: LoadedSpec['operations'][number],
  context: CheckContext,
): Promise<Finding[]> {
  const contractCase: ContractCase = {
    id: `${operation.id}/vitest`,
    kind: 'positive',
    operation,
    title: 'vitest',
    request: { method: operation.method, path: operation.path, headers: {} },
    // The response is judged on its own: any documented status, for a resource taken to exist (a 404
    // the operation does not document fails the matcher, as before spec gaps were told apart).
    expect: { outcome: 'documented' },
    resource: 'live',
  };
  const raw = { case: contractCase, url: operation.path, durationMs: 0, response };
  const exchange = analyseExchange(raw, await decodeResponseBody(raw));
  return RESPONSE_CHECKS.flatMap((check) => check.run(exchange, context));
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
