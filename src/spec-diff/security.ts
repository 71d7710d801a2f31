/**
 * An operation's effective security (OAS 3.1.0 section 4.8.10.1 `security`,
 * falling back to the root `security`) as comparable alternatives: each is
 * one Security Requirement (4.8.30) written as its schemes (with their
 * definitions and scopes), and `anonymous` for an empty requirement `{}`.
 */
import { valueAt } from '../core/json/json-pointer.js';
import type { ComparedSpec } from './types.js';

/** How an operation can be called. */
export interface EffectiveSecurity {
  /** Canonical alternatives, e.g. `bearerAuth(http bearer)`; sorted. */
  alternatives: string[];
  /** The same alternatives as data: scheme (name and definition) -> required scopes. */
  requirements: Array<Map<string, string[]>>;
  /** True when calling without credentials is allowed (no requirement, or an empty one). */
  anonymous: boolean;
  /** Pointer of the `security` in force (operation or root); '' when none is declared. */
  pointer: string;
}

/** The effective security of the operation at `pointer` in `spec`. */
export function effectiveSecurity(spec: ComparedSpec, pointer: string): EffectiveSecurity {
  const own = (valueAt(spec.document, pointer) as { security?: unknown } | undefined)?.security;
  const list = own ?? spec.document.security;
  const at = own !== undefined ? `${pointer}/security` : spec.document.security !== undefined ? '/security' : '';
  const requirements = Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
  const schemes = (valueAt(spec.document, '/components/securitySchemes') ?? {}) as Record<
    string,
    Record<string, unknown>
  >;
  const parsed = requirements.map(
    (requirement) =>
      new Map(
        Object.entries(requirement ?? {}).map(([name, scopes]) => [
          `${name}(${describeScheme(schemes[name])})`,
          Array.isArray(scopes) ? [...scopes].map(String).sort() : [],
        ]),
      ),
  );
  const alternatives = parsed.map(describeRequirement);
  return {
    alternatives: [...new Set(alternatives)].sort(),
    requirements: parsed,
    anonymous: requirements.length === 0 || alternatives.includes(''),
    pointer: at,
  };
}

/** `bearerAuth(http bearer) + oauth(oauth2)[read write]`: one requirement in words. */
export function describeRequirement(requirement: Map<string, string[]>): string {
  return [...requirement]
    .map(([scheme, scopes]) => `${scheme}${scopes.length > 0 ? `[${scopes.join(' ')}]` : ''}`)
    .sort()
    .join(' + ');
}

/**
 * Do credentials that satisfied `old` satisfy `current`? Yes when every scheme
 * `current` asks for was in `old`, with no scope `old` did not ask for:
 * a token carrying more scopes than needed is still accepted (RFC 6749 section 3.3).
 */
export function stillSatisfies(old: Map<string, string[]>, current: Map<string, string[]>): boolean {
  return [...current].every(
    ([scheme, scopes]) => old.has(scheme) && scopes.every((scope) => old.get(scheme)!.includes(scope)),
  );
}

function describeScheme(scheme: Record<string, unknown> | undefined): string {
  if (!scheme) return 'undefined scheme';
  const parts = [scheme.type, scheme.scheme, scheme.in, scheme.name, scheme.openIdConnectUrl].filter(
    (part) => typeof part === 'string',
  );
  return parts.map((part) => String(part).toLowerCase()).join(' ');
}
