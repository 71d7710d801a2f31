/**
 * The structure check loadSpec runs on every spec: the document as written
 * against the OpenAPI meta-schema (Spectral's precompiled validators,
 * lint/spectral.ts). A large spec is checked on a worker thread, from its
 * text, while loadSpec dereferences: on GitHub's 5.7 MB description that
 * takes the check's 0.2 s off the mock's start (issue 22). A small spec, a
 * converted Swagger 2.0 one, or a machine with one core checks in the
 * thread, as before; so does any spec whose worker fails to answer.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { validateOpenApiDocument } from '../lint/spectral.js';
import { describeMetaSchemaErrors, type StructuralProblem } from './meta-schema-errors.js';
import type { OpenApiVersion } from './types.js';

/** Spec text (in UTF-16 code units) from which the check moves to a worker: below it, starting one costs more than it saves. */
export const WORKER_THRESHOLD = 1_000_000;

/** What the worker is given. */
export interface StructureCheckRequest {
  text: string;
  version: OpenApiVersion;
}

/** The structural problems of `document` (as written; pointers into it). */
export function structuralProblems(document: unknown, version: OpenApiVersion): StructuralProblem[] {
  // A pattern JavaScript cannot compile is `plantkit spec check`'s business; here it is not checked (validation/pattern.ts).
  return describeMetaSchemaErrors(validateOpenApiDocument(document, version)).filter(
    (problem) => !/must match format "regex"/.test(problem.message),
  );
}

/**
 * Start checking `document`, parsed from `text` when it was read from a file (undefined for an inline or
 * converted document). A large text goes to a worker at once, so the caller can go on while it is checked;
 * `document` must stay unchanged until the answer (it is checked in the thread if the worker gives none).
 */
export function checkStructure(
  document: unknown,
  version: OpenApiVersion,
  text: string | undefined,
): Promise<StructuralProblem[]> {
  const answer = text !== undefined && text.length >= WORKER_THRESHOLD ? checkOnWorker({ text, version }) : undefined;
  if (!answer) return Promise.resolve(structuralProblems(document, version));
  return answer.then((problems) => problems ?? structuralProblems(document, version));
}

/** A worker checking the text (its answer undefined if it gives none), or undefined on one core or without worker threads (the browser build). */
export function checkOnWorker(request: StructureCheckRequest): Promise<StructuralProblem[] | undefined> | undefined {
  try {
    if (availableParallelism() < 2) return undefined;
    const worker = new Worker(new URL('./structure-check-worker.js', import.meta.url), { workerData: request });
    return new Promise((resolve) => {
      worker.once('message', (problems: StructuralProblem[]) => resolve(problems));
      // A worker that fails or ends without an answer: the thread checks instead.
      worker.once('error', () => resolve(undefined));
      worker.once('exit', () => resolve(undefined));
    });
  } catch {
    return undefined;
  }
}
