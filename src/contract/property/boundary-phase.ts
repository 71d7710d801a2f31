/**
 * The boundary phase: every edge value (boundary.ts in src/generate) is sent
 * as its own case, before any random case, in the same order every run. A
 * failing edge is shrunk with fast-check from the edge itself, so the report
 * shows the smallest body that still fails.
 */
import { baseValue } from '../../generate/base-value.js';
import { boundaryValues, type BoundaryValue } from '../../generate/boundary.js';
import { valueAt } from '../../spec/json-pointer.js';
import { hunt } from './hunt.js';
import { attemptFor, haltOnTransportFailure, type OperationRun } from './operation-run.js';
import { huntResult, type ResultLabel } from './results.js';
import { deriveSeed } from './seeds.js';

/** The edge values of the operation, in the order they are sent. */
function edgesOf(run: OperationRun): BoundaryValue[] {
  const { target, ids } = run;
  const base = (mode: 'minimal' | 'full') => baseValue(target.schema, target.scope, { mode, integer: (pointer, range) => ids.fresh(pointer, range) });
  return boundaryValues(target.schema, target.scope, target.sites, target.mutations, base);
}

/** Ids of the boundary cases the operation can send (edges its schema admits), for the run's plan. */
export function plannedBoundaryIds(run: OperationRun): string[] {
  const { target } = run;
  return edgesOf(run)
    .filter((edge) => {
      const gen = edge.valid ? target.valid : target.invalid;
      return gen !== undefined && !('unusable' in run.sender.prepare(target, edge.value, { valid: edge.valid, id: '', title: '' }));
    })
    .map((edge) => `${target.operation.id}/generated/boundary/${edge.slug}`);
}

/** Send every boundary case of the operation. */
export async function runBoundaryPhase(run: OperationRun): Promise<void> {
  const { target, session, ids } = run;
  const { operation } = target;
  const edges = edgesOf(run);
  const ownIds = edges.map((edge) => ownId(run, edge));
  for (const id of ownIds) if (id) ids.reserve(id.pointer, id.value);
  for (const [index, edge] of edges.entries()) {
    const own = ownIds[index];
    if (own) ids.release(own.pointer, own.value);
    if (run.halted || session.stopped()) return;
    const label: ResultLabel = { id: `${operation.id}/generated/boundary/${edge.slug}`, title: edge.title, phase: 'boundary', seed: session.settings.seed };
    if (!session.selected(label.id)) continue;
    const gen = edge.valid ? target.valid : target.invalid;
    const intent = { valid: edge.valid, id: label.id, title: label.title };
    // An edge the schema refuses (or, for an invalid one, accepts) is no edge of this schema.
    if (!gen || 'unusable' in run.sender.prepare(target, edge.value, intent)) continue;
    // An id edge the run already had accepted (say by a contracts/ scenario) is covered, and
    // sending it again could be refused as a duplicate: it is left out.
    if (alreadyAccepted(run, edge)) continue;
    const found = await hunt(gen, attemptFor(run, () => intent), {
      seed: deriveSeed(session.settings.seed, operation.id, 'boundary', edge.slug),
      numRuns: 1,
      examples: [edge.value],
      maxShrinks: session.settings.maxShrinks,
    });
    const result = huntResult(found, label, false);
    if (result) session.record(result);
    haltOnTransportFailure(run, found.transport);
  }
}

/** The id a valid edge sets itself (sent unchanged, so never moved), if it sets one. */
function ownId(run: OperationRun, edge: BoundaryValue): { pointer: string; value: bigint } | undefined {
  if (!edge.valid || !run.target.idRanges.has(edge.pointer)) return undefined;
  const value = valueAt(edge.value, edge.pointer);
  return typeof value === 'bigint' ? { pointer: edge.pointer, value } : undefined;
}

/** True when the edge's own id was accepted earlier in the run. */
function alreadyAccepted(run: OperationRun, edge: BoundaryValue): boolean {
  const own = ownId(run, edge);
  return own !== undefined && run.ids.isTaken(own.pointer, own.value);
}
