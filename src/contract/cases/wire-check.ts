/**
 * The runner's requests checked the way the mock and the proxy check what
 * they receive (core/request/check-request.ts): a case is called valid only when
 * its bytes on the wire pass, and invalid only when they fail.
 */

import type { CaseRequest } from '../../core/exchange/types.js';
import { checkRequest } from '../../core/request/check-request.js';
import type { RequestViolation } from '../../core/request/types.js';
import { compileTemplate } from '../../core/routing/path-template.js';
import type { Operation } from '../../core/spec/types.js';
import type { CaseContext } from './context.js';

/** The violations of `request` (credentials are not checked: the runner holds the only real ones). */
export async function requestViolations(
  operation: Operation,
  request: CaseRequest,
  context: CaseContext,
): Promise<RequestViolation[]> {
  const [rawPath = '', search = ''] = splitTarget(request.path);
  let segments: string[];
  try {
    segments = rawPath
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return [{ kind: 'parameter', pointer: '/path', message: `path ${rawPath} is not valid percent-encoding` }];
  }
  const pathParameters = compileTemplate(operation.path).match(segments, new URLSearchParams(search), request.headers);
  if (!pathParameters)
    return [{ kind: 'parameter', pointer: '/path', message: `path ${rawPath} does not match ${operation.path}` }];
  const checked = await checkRequest(
    {
      operation,
      pathParameters,
      search,
      headers: request.headers,
      body: request.body === undefined ? undefined : Buffer.from(request.body),
    },
    {
      validators: context.validators,
      parameters: context.parameterValidators,
      pinned: () => undefined,
      skipSecurity: true,
    },
  );
  return checked.violations;
}

/** One line for the first violation, for skip reasons. */
export function describeFirst(violations: readonly RequestViolation[]): string {
  const [first] = violations;
  if (!first) return '';
  return violations.length > 1 ? `${first.message} (and ${violations.length - 1} more)` : first.message;
}

function splitTarget(target: string): [string, string] {
  const index = target.indexOf('?');
  return index < 0 ? [target, ''] : [target.slice(0, index), target.slice(index + 1)];
}
