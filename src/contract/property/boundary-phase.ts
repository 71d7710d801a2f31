/**
 * The boundary phase: every edge value (boundary.ts in src/generate) of every
 * part of the request (parameters and body) is sent as its own case, before
 * any random case, in the same order every run. A failing edge is shrunk
 * with fast-check from the edge itself, so the report shows the smallest
 * request that still fails.
 */
import { type BoundaryValue, boundaryValues } from '../../core/generate/boundary.js';
import { applyMutation, type NegativeValue } from '../../core/generate/negative.js';
import type { PhaseClock } from './budget.js';
import { type Attempt, hunt } from './hunt.js';
import { attemptFor, haltOnTransportFailure, type OperationRun, progressFor } from './operation-run.js';
import { bodyPointer, type RequestValue } from './request-parts.js';
import { huntResult, type ResultLabel } from './results.js';
import { deriveSeed } from './seeds.js';
import type { Prepared } from './sender.js';

/** The edge values of the operation, in the order they are sent. */
function edgesOf(run: OperationRun): BoundaryValue[] {
  const { target } = run;
  const ids = run.ids.scope(target.operation.id, 'boundary');
  return boundaryValues(target.whole, run.session.context.scope, target.sites, target.mutations, (mode) =>
    target.base(mode, (pointer, range) => ids.fresh(pointer, range)),
  );
}

/** Whether an edge's value looks right for its schemas (the wire decides). */
function usable(run: OperationRun, edge: BoundaryValue, value: unknown): boolean {
  const { target } = run;
  const request = edge.valid ? value : applyMutation(value as NegativeValue, target.mutations);
  return request !== undefined && target.admits(request as RequestValue, edge.valid);
}

/** Ids of the boundary cases the operation can send (edges its schemas admit), for the run's plan. */
export function plannedBoundaryIds(run: OperationRun): string[] {
  return edgesOf(run)
    .filter((edge) => usable(run, edge, edge.build()))
    .map((edge) => `${run.target.operation.id}/generated/boundary/${edge.slug}`);
}

/** What the boundary phase of an operation did: requests sent, and whether (with how many cases left unsent) the time budget cut it. */
export interface BoundaryOutcome {
  requests: number;
  cut: boolean;
  /** Ids of the planned boundary cases the cut left unsent. */
  notSent: string[];
}

/** Send every boundary case of the operation while `clock` has time left. */
export async function runBoundaryPhase(run: OperationRun, clock: PhaseClock): Promise<BoundaryOutcome> {
  const ids = run.ids.scope(run.target.operation.id, 'boundary');
  const edges = edgesOf(run);
  // Each edge's own id stays clear of the values sent before it (shrinking drives ids towards 0), until its turn.
  const owns = edges.map((edge) => ownId(run, edge));
  for (const own of owns) if (own) ids.reserve(own.pointer, own.value);
  try {
    return await sendEdges(run, clock, edges, owns);
  } finally {
    // Reserved for this phase only, cut or not: the random phases after it then draw the same values either way.
    for (const own of owns) if (own) ids.release(own.pointer, own.value);
  }
}

/** Send the edges in order while `clock` has time left; each edge's own id is released just before its turn. */
async function sendEdges(
  run: OperationRun,
  clock: PhaseClock,
  edges: readonly BoundaryValue[],
  owns: ReadonlyArray<{ pointer: string; value: bigint } | undefined>,
): Promise<BoundaryOutcome> {
  const { target, session } = run;
  const { operation } = target;
  const ids = run.ids.scope(operation.id, 'boundary');
  // Two edges that make the same request (no optional part to add, say) send it once.
  const sent = new Set<string>();
  let requests = 0;
  const cutFrom = (index: number): BoundaryOutcome => ({
    requests,
    cut: true,
    notSent: edges
      .slice(index)
      .map((rest) => `${operation.id}/generated/boundary/${rest.slug}`)
      .filter((id) => run.planned.has(id)),
  });
  for (const [index, edge] of edges.entries()) {
    const own = owns[index];
    if (own) ids.release(own.pointer, own.value);
    if (run.halted || session.stopped()) return { requests, cut: false, notSent: [] };
    const label: ResultLabel = {
      id: `${operation.id}/generated/boundary/${edge.slug}`,
      title: edge.title,
      phase: 'boundary',
      seed: session.settings.seed,
    };
    if (!run.planned.has(label.id)) continue;
    const value = edge.build();
    if (!usable(run, edge, value)) continue;
    // The first edge always goes: a started phase sends at least one request.
    if (requests > 0 && clock.expired()) return cutFrom(index);
    const gen = edge.valid ? target.valid : target.invalid;
    // An edge of a parameter that names a resource keeps its value: it names a made-up one.
    const keep = target.parts.find(
      (part) => edge.pointer === part.pointer || edge.pointer.startsWith(`${part.pointer}/`),
    )?.key;
    const intent = {
      valid: edge.valid,
      phase: 'boundary' as const,
      id: label.id,
      title: label.title,
      ...(keep ? { keep } : {}),
    };
    // An edge the wire check refuses (or, for an invalid one, accepts) is no edge of this operation.
    const prepared = await run.sender.prepare(target, value, intent);
    if ('unusable' in prepared) continue;
    const key = JSON.stringify([prepared.case.request.path, prepared.case.request.headers, prepared.case.request.body]);
    // An id edge the run already had accepted (say by a contracts/ scenario) is covered, and
    // sending it again could be refused as a duplicate: it is left out.
    if (sent.has(key) || alreadyAccepted(run, edge)) continue;
    sent.add(key);
    const found = await hunt(
      gen!,
      reusing(
        attemptFor(run, () => intent),
        value,
        prepared,
      ),
      {
        seed: deriveSeed(session.settings.seed, operation.id, 'boundary', edge.slug),
        numRuns: 1,
        examples: [value],
        maxShrinks: session.settings.maxShrinks,
        expired: clock.expired,
        onRequest: progressFor(run, label.id),
      },
    );
    requests += found.requests;
    const result = huntResult(found, label, false);
    if (result) session.record(result);
    haltOnTransportFailure(run, found.transport);
    // The time ran out while this edge shrank: the rest are not sent.
    if (found.cut) return cutFrom(index + 1);
  }
  return { requests, cut: false, notSent: [] };
}

/** `attempt`, whose first preparation of `value` is the one already made (a wire check per edge, not two). */
function reusing<T>(attempt: Attempt<T>, value: T, prepared: Prepared): Attempt<T> {
  let ready: Prepared | undefined = prepared;
  return {
    prepare: (candidate) => {
      const reused = candidate === value ? ready : undefined;
      ready = undefined;
      return reused ?? attempt.prepare(candidate);
    },
    send: attempt.send,
  };
}

/** The id a valid edge sets itself (sent unchanged, so never moved), by pointer inside the body, if it sets one. */
function ownId(run: OperationRun, edge: BoundaryValue): { pointer: string; value: bigint } | undefined {
  const pointer = bodyPointer(edge.pointer);
  if (!edge.valid || pointer === undefined || !run.target.idRanges.has(pointer)) return undefined;
  return typeof edge.edge === 'bigint' ? { pointer, value: edge.edge } : undefined;
}

/** True when the edge's own id was accepted earlier in the run. */
function alreadyAccepted(run: OperationRun, edge: BoundaryValue): boolean {
  const own = ownId(run, edge);
  return own !== undefined && run.ids.scope(run.target.operation.id, 'boundary').isTaken(own.pointer, own.value);
}
