/**
 * Security requirements (OAS 4.8.30): the list is an OR of requirement
 * objects, each an AND of schemes; an empty object `{}` makes credentials
 * optional; an operation's own `security` (even `[]`) overrides the root's,
 * which operations.ts has already applied.
 */

import { parseCookieHeader } from '../params/cookies.js';
import type { SecurityRequirement, SecuritySchemeUse } from '../spec/types.js';
import { handlerFor } from './index.js';
import type { CredentialSource, SchemeVerdict } from './types.js';

/** Whether a request is authenticated; on failure a message and the challenges for `WWW-Authenticate`. */
export type SecurityOutcome = { ok: true } | { ok: false; message: string; challenges: string[] };

/** The credential source of a request: its headers (lower-case names) and query string. */
export function credentialSource(headers: Record<string, string>, search: string): CredentialSource {
  return new LazySource(headers, search);
}

/** Query and cookies read on first use: most schemes look at a header only, and every mock request passes here. */
class LazySource implements CredentialSource {
  private parsedQuery: URLSearchParams | undefined;
  private parsedCookies: Map<string, string> | undefined;

  constructor(
    readonly headers: Record<string, string>,
    private readonly search: string,
  ) {}

  get query(): URLSearchParams {
    return (this.parsedQuery ??= new URLSearchParams(this.search));
  }

  get cookies(): Map<string, string> {
    if (!this.parsedCookies) {
      this.parsedCookies = new Map<string, string>();
      for (const [name, value] of parseCookieHeader(this.headers.cookie))
        if (!this.parsedCookies.has(name)) this.parsedCookies.set(name, value);
    }
    return this.parsedCookies;
  }
}

/** The outcome of a request let in: one shared, read-only object (most requests, every one of them asks). */
const ALLOWED: SecurityOutcome = Object.freeze({ ok: true });

/** Whether every scheme of one requirement passes: a loop, where `every` made a closure per request. */
function passes(
  requirement: SecurityRequirement,
  request: CredentialSource,
  pinned: (scheme: SecuritySchemeUse) => string | undefined,
): boolean {
  for (const scheme of requirement) if (!handlerFor(scheme).check(request, scheme, pinned(scheme)).ok) return false;
  return true;
}

/** True when the operation cannot be called without credentials (no empty `{}` alternative). */
export function requiresCredentials(requirements: readonly SecurityRequirement[]): boolean {
  return requirements.length > 0 && requirements.every((requirement) => requirement.length > 0);
}

/** Check a request against the requirements; `pinned` gives the only value a scheme accepts (undefined: any well-formed one). */
export function checkSecurity(
  requirements: readonly SecurityRequirement[],
  request: CredentialSource,
  pinned: (scheme: SecuritySchemeUse) => string | undefined,
): SecurityOutcome {
  if (!requiresCredentials(requirements)) return ALLOWED;
  // Most requests are let in: find an alternative every scheme of which passes before building the explanation
  // (scheme checks only read the request, so checking again below gives the same verdicts).
  for (const requirement of requirements) if (passes(requirement, request, pinned)) return ALLOWED;
  const attempts = requirements.map((requirement) =>
    requirement.map((scheme) => ({ scheme, verdict: handlerFor(scheme).check(request, scheme, pinned(scheme)) })),
  );
  if (attempts.some((attempt) => attempt.every(({ verdict }) => verdict.ok))) return { ok: true };

  // Explain the alternative the client came closest to: most schemes satisfied, then credentials sent but refused.
  const score = (attempt: (typeof attempts)[number]) =>
    attempt.filter(({ verdict }) => verdict.ok).length * 4 + Math.max(...attempt.map(({ verdict }) => weight(verdict)));
  const best = [...attempts].sort((a, b) => score(b) - score(a))[0]!;
  const failing = best
    .filter(({ verdict }) => !verdict.ok)
    .map(({ verdict }) => (verdict as Extract<SchemeVerdict, { ok: false }>).message);
  const alternatives =
    attempts.length > 1 && best.every(({ verdict }) => verdict.ok || verdict.reason === 'missing')
      ? `; the operation accepts ${requirements.map(describeRequirement).join(', or ')}`
      : '';
  const challenges = new Set<string>();
  for (const attempt of attempts) {
    for (const { scheme, verdict } of attempt) {
      const challenge = verdict.ok ? undefined : handlerFor(scheme).challenge(scheme, verdict);
      if (challenge) challenges.add(challenge);
    }
  }
  return { ok: false, message: `${failing.join('; ')}${alternatives}`, challenges: [...challenges] };
}

function weight(verdict: SchemeVerdict): number {
  return verdict.ok ? 3 : verdict.reason === 'wrong' ? 2 : verdict.reason === 'malformed' ? 1 : 0;
}

function describeRequirement(requirement: readonly SecuritySchemeUse[]): string {
  return requirement.map((scheme) => scheme.name).join(' + ');
}
