/**
 * The `examples` check: every example validates against its schema in its
 * context, with the same Ajv and schema views as the mock and the contract
 * runner. A request example need not carry readOnly properties and a
 * response example need not carry writeOnly ones (OAS 3.1.0 section 4.8.24,
 * readOnly/writeOnly); 3.0 `nullable` and 3.1 type arrays, allOf, oneOf and
 * anyOf mean what JSON Schema 2020-12 says (see core/validation/schema-view.ts).
 */
import { describeValue } from '../../core/findings.js';
import { valueAt } from '../../core/json/json-pointer.js';
import { compileSchemaValidators, type SchemaViolation } from '../../core/validation/compile-validators.js';
import type { Direction } from '../../core/validation/schema-view.js';
import { type ProblemReport, toFindings } from '../locate.js';
import type { SpecCheck } from '../types.js';
import { type ExampleSite, listExampleSites } from './example-sites.js';

/** The examples check. */
export const examplesCheck: SpecCheck = {
  id: 'examples',
  summary: 'every example matches its schema, as a request or a response',
  async run(context) {
    const { document, version } = await context.inspect();
    if (!document) return []; // unresolved $refs: the structure check reports them
    const validatorFor = compileSchemaValidators({ version, document });
    const reports: ProblemReport[] = [];
    for (const site of listExampleSites(document, version)) {
      const failure = firstFailure(site, (direction) => validatorFor(site.schema, direction)(site.value));
      if (!failure) continue;
      for (const violation of failure.violations) reports.push(report(site, failure.direction, violation));
    }
    return toFindings(context, reports);
  },
};

/** Valid when valid from any direction; otherwise the direction with the fewest violations. */
function firstFailure(
  site: ExampleSite,
  validate: (direction: Direction) => SchemaViolation[],
): { direction: Direction; violations: SchemaViolation[] } | undefined {
  let best: { direction: Direction; violations: SchemaViolation[] } | undefined;
  for (const direction of site.directions) {
    const violations = validate(direction);
    if (violations.length === 0) return undefined;
    if (!best || violations.length < best.violations.length) best = { direction, violations };
  }
  return best;
}

function report(site: ExampleSite, direction: Direction, violation: SchemaViolation): ProblemReport {
  const where = violation.keyword === 'required' ? violation.instancePath : violation.pointer;
  const seen = site.directions.length > 1 ? ` (checked as a ${direction})` : '';
  return {
    check: 'examples',
    rule: 'example-matches-schema',
    severity: 'error',
    pointer: site.pointer + where,
    message: `${site.label} value${where} ${violation.message}${seen}`,
    received:
      violation.keyword === 'required'
        ? describeValue(valueAt(site.value, where))
        : describeValue(valueAt(site.value, violation.pointer)),
    documented: violation.message,
  };
}
