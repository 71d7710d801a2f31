/**
 * Auth cases for operations that require credentials (OAS 4.8.30): for each
 * scheme of the requirement the runner satisfies, its handler's invalid
 * variants (missing, malformed, another scheme, a wrong value) applied to a
 * valid request. A variant is kept only when the spec's requirements refuse
 * it (OR of ANDs: Basic credentials are no "other scheme" for an operation
 * that also accepts Basic). None may succeed; 401 and 403 count as refusals
 * even where the spec does not list them.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import { credentialFor } from '../../core/security/credentials.js';
import { handlerFor } from '../../core/security/index.js';
import { checkSecurity, credentialSource, requiresCredentials } from '../../core/security/requirements.js';
import type { Operation } from '../../core/spec/types.js';
import { canSatisfy } from '../credentials.js';
import type { CaseContext } from './context.js';
import { bodyValue, encodeBody, sendableBody } from './request-body.js';
import { buildRequestChecked, type Credentials, chosenRequirement } from './request-builder.js';
import { requestViolations } from './wire-check.js';

/** Auth cases of one operation; none when it does not require credentials, or when no valid request can be made to vary. */
export async function authCases(operation: Operation, context: CaseContext): Promise<ContractCase[]> {
  if (!requiresCredentials(operation.security)) return [];
  // The variants differ from a valid request in their credentials only: without a valid one they would test something else.
  // One body for the check and every variant: a body drawn again could differ (its integers come from a counter).
  const bodyParts = bodyPartsOf(operation, context);
  const base = buildRequestChecked(operation, bodyParts, context);
  if (base.problem || (await requestViolations(operation, base.request, context)).length > 0) return [];
  const make = (suffix: string, title: string, credentials: Credentials, needsPinned?: string): ContractCase => ({
    id: `${operation.id}/auth/${suffix}`,
    kind: 'auth',
    operation,
    title,
    request: buildRequestChecked(operation, { ...bodyParts, credentials }, context).request,
    expect: { outcome: 'auth-rejection' },
    ...(needsPinned ? { needsPinned } : {}),
  });

  // Every alternative the runner holds credentials for: a server may check one of them loosely (OAuth2 OR Basic).
  const requirements = operation.security.filter(
    (requirement) => requirement.length > 0 && canSatisfy(requirement, context.credentials, context.headers),
  );
  if (requirements.length === 0 && !chosenRequirement(operation, context))
    return [make('missing', 'no credentials at all', { use: 'none' })];
  const pinnedToConfigured = (scheme: Parameters<typeof credentialFor>[0]) =>
    credentialFor(scheme, context.credentials, true);
  const cases: ContractCase[] = [];
  const seen = new Set<string>();
  for (const requirement of requirements) {
    for (const scheme of requirement) {
      const prefix = requirement.length > 1 || requirements.length > 1 ? `${scheme.name}/` : '';
      const unique = context.nextInteger().toString(36);
      for (const variant of handlerFor(scheme).invalid(scheme, pinnedToConfigured(scheme), unique)) {
        const candidate = make(
          `${prefix}${variant.slug}`,
          prefix ? `${scheme.name}: ${variant.title}` : variant.title,
          { use: 'variant', variant, requirement },
          variant.wrongValue ? scheme.name : undefined,
        );
        const request = candidate.request;
        const identity = JSON.stringify([request.path, request.headers]).replace(
          /plantkit-wrong-[a-z-]+-[0-9a-z]+/g,
          'wrong',
        );
        // Keep only requests the spec's requirements refuse when the server knows the configured credentials, once each.
        const search = request.path.includes('?') ? request.path.slice(request.path.indexOf('?') + 1) : '';
        const source = credentialSource(request.headers, search);
        if (seen.has(identity) || checkSecurity(operation.security, source, pinnedToConfigured).ok) continue;
        seen.add(identity);
        // Refused only by a server that knows the real credentials (another alternative accepts any well-formed
        // value, as Basic beside bearer does): a plantkit mock that pins nothing cannot refuse it.
        const acceptedBy = operation.security.find(
          (alternative) => alternative.length > 0 && checkSecurity([alternative], source, () => undefined).ok,
        );
        cases.push(acceptedBy ? { ...candidate, needsPinned: acceptedBy[0]!.name } : candidate);
      }
    }
  }
  return cases;
}

/** A minimal valid body to vary the credentials of, when the operation has one. */
function bodyPartsOf(operation: Operation, context: CaseContext): { body?: string; contentType?: string } {
  const body = sendableBody(operation, context);
  const value = body && bodyValue(body, 'minimal', context);
  const encoded = body && value?.ok ? encodeBody(body, value.value) : undefined;
  return encoded ? { body: encoded.text, contentType: encoded.contentType } : {};
}
