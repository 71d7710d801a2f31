/**
 * An operation's effective security (OAS 3.1.0 section 4.8.10.1 `security`,
 * falling back to the root `security`) as comparable alternatives: each is
 * one Security Requirement (4.8.30) written as its schemes (with their
 * definitions and scopes), and `anonymous` for an empty requirement `{}`.
 */
import { valueAt } from '../spec/json-pointer.js';
import type { ComparedSpec } from './types.js';

/** How an operation can be called. */
export interface EffectiveSecurity {
  /** Canonical alternatives, e.g. `bearerAuth(http bearer)`; sorted. */
  alternatives: string[];
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
  const schemes = (valueAt(spec.document, '/components/securitySchemes') ?? {}) as Record<string, Record<string, unknown>>;
  const alternatives = requirements.map((requirement) =>
    Object.entries(requirement ?? {})
      .map(([name, scopes]) => `${name}(${describeScheme(schemes[name])})${Array.isArray(scopes) && scopes.length > 0 ? `[${[...scopes].map(String).sort().join(' ')}]` : ''}`)
      .sort()
      .join(' + '),
  );
  return { alternatives: [...new Set(alternatives)].sort(), anonymous: requirements.length === 0 || alternatives.includes(''), pointer: at };
}

function describeScheme(scheme: Record<string, unknown> | undefined): string {
  if (!scheme) return 'undefined scheme';
  const parts = [scheme.type, scheme.scheme, scheme.in, scheme.name, scheme.openIdConnectUrl].filter((part) => typeof part === 'string');
  return parts.map((part) => String(part).toLowerCase()).join(' ');
}
