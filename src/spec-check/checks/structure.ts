/**
 * The `structure` check: the document as written against the OpenAPI 3.0/3.1
 * meta-schema (3.1 Schema Objects against JSON Schema 2020-12), `$ref`s that
 * do not resolve (swagger-parser), and the operation rules the meta-schema
 * cannot express. Every problem, not only the first.
 */

import { validateOpenApiDocument } from '../../core/spec/meta-schema.js';
import { describeMetaSchemaErrors } from '../../core/spec/meta-schema-errors.js';
import type { ProblemReport } from '../locate.js';
import { toFindings } from '../locate.js';
import type { SpecCheck } from '../types.js';
import { operationRuleProblems } from './operation-rules.js';

/** The structure check. */
export const structureCheck: SpecCheck = {
  id: 'structure',
  summary: 'OpenAPI 3.0/3.1 meta-schema, $refs, operationIds and path parameters',
  async run(context) {
    const { source } = context;
    const inspection = await context.inspect();
    const problems = [
      ...describeMetaSchemaErrors(validateOpenApiDocument(source.document, context.version)),
      ...inspection.problems,
    ];
    const reports: ProblemReport[] = problems.map((problem) => ({
      check: 'structure',
      rule: problem.rule,
      severity: 'error',
      pointer: problem.pointer,
      message: problem.message,
    }));
    if (inspection.document) reports.push(...operationRuleProblems(inspection.document));
    return toFindings(context, reports);
  },
};
