/**
 * The `schemas` check: no schema contradicts itself. A schema no value can meet (`type: 'null'` beside a
 * `oneOf` of strings and numbers, as Vercel's description has 17 times; `minimum` above `maximum`) is
 * valid OpenAPI, so the structure check passes it, yet the mock cannot answer with it and no server's
 * value passes it. The rules are in ../contradictions.ts.
 */
import { listOperations } from '../../core/spec/operations.js';
import { CONTRADICTIONS } from '../contradictions.js';
import { type ProblemReport, toFindings } from '../locate.js';
import type { SpecCheck } from '../types.js';
import { listSchemaUses } from './schema-uses.js';

/** The schemas check. */
export const schemasCheck: SpecCheck = {
  id: 'schemas',
  summary: 'no schema contradicts itself (every schema can be met by some value)',
  async run(context) {
    const { document, version } = await context.inspect();
    if (!document) return []; // unresolved $refs: the structure check reports them
    const reports: ProblemReport[] = [];
    for (const [schema, use] of listSchemaUses(document, listOperations(document))) {
      for (const rule of CONTRADICTIONS) {
        const found = rule.check(schema, version);
        if (found)
          reports.push({
            check: 'schemas',
            rule: rule.id,
            severity: 'error',
            pointer: `${use.pointer}/${found.keyword}`,
            message: found.message,
          });
      }
    }
    return toFindings(context, reports);
  },
};
