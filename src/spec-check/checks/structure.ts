/**
 * The `structure` check: the document against the OpenAPI 3.0/3.1
 * meta-schema (via swagger-parser), `$ref`s that do not resolve, 3.1 Schema
 * Objects against JSON Schema 2020-12, and the operation rules the
 * meta-schema cannot express. Every problem, not only the first.
 */
import type { ProblemReport } from '../locate.js';
import { toFindings } from '../locate.js';
import type { SpecCheck } from '../types.js';
import { operationRuleProblems } from './operation-rules.js';
import { schemaDialectProblems } from './schema-dialect.js';

/** The structure check. */
export const structureCheck: SpecCheck = {
  id: 'structure',
  summary: 'OpenAPI 3.0/3.1 meta-schema, $refs, JSON Schema dialect, operationIds and path parameters',
  async run(context) {
    const { source } = context;
    const inspection = await context.inspect();
    const reports: ProblemReport[] = inspection.problems.map((problem) => ({
      check: 'structure',
      rule: problem.rule,
      severity: 'error',
      pointer: problem.pointer,
      message: problem.message,
    }));
    if (inspection.version === '3.1') reports.push(...schemaDialectProblems(source.document));
    if (inspection.document) reports.push(...operationRuleProblems(inspection.document));
    return toFindings(context, reports);
  },
};
