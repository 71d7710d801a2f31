/**
 * A request `oneOf` whose branches can now both match one value: such a
 * value is refused (JSON Schema 2020-12 core section 10.2.1.3, "exactly
 * one"), so a body that passed before may fail. Reported for overlaps that
 * are new: a plain schema or an `anyOf` wrapped in `oneOf`, a new branch, or
 * branches that were disjoint before. Branches are taken as disjoint only
 * with a proof (schema-overlap.ts), or when a `discriminator` tells tools
 * which branch to use (OAS 3.1.0 section 4.8.25).
 */
import { branchesOf } from '../alternatives.js';
import { mayOverlap } from '../schema-overlap.js';
import type { DiffRule, RuleHit, VariantPairing } from '../types.js';

/** request-one-of-branches-overlap */
export const requestOneOfBranchesOverlap: DiffRule = {
  id: 'request-one-of-branches-overlap',
  level: 'breaking',
  summary: 'request oneOf branches now overlap: a value matching two of them is refused',
  check: (comparison) =>
    comparison.variants.flatMap((pairing): RuleHit[] => {
      const { head } = pairing;
      if (pairing.direction !== 'request' || head.variants?.keyword !== 'oneOf' || head.discriminator !== undefined)
        return [];
      const heads = branchesOf(head);
      const bases =
        pairing.base.variants?.keyword === 'oneOf' && pairing.base.discriminator === undefined
          ? branchesOf(pairing.base)
          : undefined;
      const hits: RuleHit[] = [];
      for (let i = 0; i < heads.length; i += 1) {
        for (let j = i + 1; j < heads.length; j += 1) {
          if (!mayOverlap(heads[i]!, heads[j]!) || (bases && overlappedBefore(pairing, bases, i, j))) continue;
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
};

/** Did the base branches that head branches `i` and `j` came from already overlap? */
function overlappedBefore(
  pairing: VariantPairing,
  bases: ReturnType<typeof branchesOf>,
  i: number,
  j: number,
): boolean {
  const origins = (branch: number) =>
    new Set(
      pairing.matches
        .filter((match) => match.head?.branch === branch && match.base?.branch !== undefined)
        .map((match) => match.base!.branch!),
    );
  const [fromI, fromJ] = [origins(i), origins(j)];
  return [...fromI].some((a) => [...fromJ].some((b) => a !== b && mayOverlap(bases[a]!, bases[b]!)));
}
