/**
 * A request `oneOf` whose branches can now both match one value: such a
 * value is refused (JSON Schema 2020-12 core section 10.2.1.3, "exactly
 * one"), so a body that passed before may fail. Reported for overlaps that
 * are new: a plain schema or an `anyOf` wrapped in `oneOf`, or a branch
 * whose values matched it alone now meeting another (new or old). Branches
 * are taken as disjoint only with a proof (schema-overlap.ts) for the values
 * clients build from their documentation (declared properties only), or when
 * a `discriminator` tells tools which branch to use (OAS 3.1.0 section 4.8.25).
 */

import { mayOverlapDocumented } from '../schema-overlap.js';
import type { EffectiveSchema } from '../schema-record.js';
import type { RuleHit, VariantPairing } from '../types.js';
import { branchesOf } from '../variant-branches.js';
import { walkRule } from './walk-rule.js';

/** request-one-of-branches-overlap */
export const requestOneOfBranchesOverlap = walkRule({
  id: 'request-one-of-branches-overlap',
  level: 'breaking',
  summary: 'request oneOf branches now overlap: a value matching two of them is refused',
  direction: 'request',
  checkPairs: (pairs) =>
    pairs.variants.flatMap((pairing): RuleHit[] => {
      const { head } = pairing;
      if (pairing.direction !== 'request' || head.variants?.keyword !== 'oneOf' || head.discriminator !== undefined)
        return [];
      const heads = branchesOf(head);
      // A base discriminator proved nothing: it does not change what oneOf accepts (OAS 3.1.1 section 4.8.25).
      const unambiguous = pairing.base.variants?.keyword === 'oneOf' ? unambiguousBranches(pairing.base) : undefined;
      const hits: RuleHit[] = [];
      for (let i = 0; i < heads.length; i += 1) {
        for (let j = i + 1; j < heads.length; j += 1) {
          if (!mayOverlapDocumented(heads[i]!, heads[j]!)) continue;
          if (unambiguous && ![i, j].some((at) => originsOf(pairing, at).some((b) => unambiguous[b]))) continue;
          hits.push({
            operation: pairing.operation,
            pointer: head.pointer,
            side: 'head',
            message: `${pairing.name}: oneOf branches ${i} and ${j} can both match one value, which oneOf then refuses`,
          });
        }
      }
      return hits;
    }),
});

/**
 * Base branches whose values matched them alone. An overlap breaks clients
 * only if it reaches values that passed: those of such a branch. Values of
 * a branch that already overlapped another were refused before as well.
 */
function unambiguousBranches(base: EffectiveSchema): boolean[] {
  const branches = branchesOf(base);
  return branches.map((branch, k) => branches.every((other, m) => m === k || !mayOverlapDocumented(branch, other)));
}

/** The base branches head branch `at` was matched with (none for a new branch). */
function originsOf(pairing: VariantPairing, at: number): number[] {
  return pairing.matches
    .filter((match) => match.head?.branch === at && match.base?.branch !== undefined)
    .map((match) => match.base!.branch!);
}
