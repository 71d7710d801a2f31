/**
 * The structure check loadSpec runs on every spec: the document as written
 * against the OpenAPI meta-schema (Spectral's precompiled validators,
 * lint/spectral.ts).
 */
import { validateOpenApiDocument } from '../lint/spectral.js';
import { describeMetaSchemaErrors, type StructuralProblem } from './meta-schema-errors.js';
import type { OpenApiVersion } from './types.js';

/** The structural problems of `document` (as written; pointers into it). */
export function structuralProblems(document: unknown, version: OpenApiVersion): StructuralProblem[] {
  // A pattern JavaScript cannot compile is `plantkit spec check`'s business; here it is not checked (validation/pattern.ts).
  return describeMetaSchemaErrors(validateOpenApiDocument(document, version)).filter(
    (problem) => !/must match format "regex"/.test(problem.message),
  );
}
