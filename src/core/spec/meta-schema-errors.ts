/**
 * The OpenAPI meta-schema's Ajv errors turned into problems a person can act
 * on: one per real mistake, not one per `oneOf` branch that also failed; and
 * the erratum of the 3.1 schema swagger-parser bundles, which loadSpec skips.
 */
import { joinPointer } from '../json/json-pointer.js';

/** One Ajv error as swagger-parser passes it on. */
export interface MetaSchemaError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One structural problem: a pointer into the validated document and what is wrong there. */
export interface StructuralProblem {
  /** `schema` (meta-schema), `ref` (a `$ref` that does not resolve). */
  rule: 'schema' | 'ref';
  pointer: string;
  message: string;
}

/** Summary keywords: they only say that some branch failed, the branch errors say why. */
const SUMMARY_KEYWORDS = new Set(['oneOf', 'anyOf', 'if']);

/** A server variable (OAS 3.1.0 section 4.8.6) at any level: root, path item or operation `servers`. */
const SERVER_VARIABLE = /(^|\/)servers\/\d+\/variables\/[^/]+$/;

/**
 * The OAS 3.1 schema bundled by swagger-parser (schemas/v3.1/schema.json,
 * `$defs/server-variable`) spells the Server Variable field `descriptions`,
 * while OAS 3.1.0 section 4.8.6.1 names it `description`. So a correct
 * `description` is rejected and the wrong spelling accepted; both are fixed
 * here, for that object only.
 */
function isServerVariableErratum(error: MetaSchemaError): boolean {
  return (
    error.keyword === 'unevaluatedProperties' &&
    error.params?.unevaluatedProperty === 'description' &&
    SERVER_VARIABLE.test(error.instancePath ?? '')
  );
}

/**
 * Errors worth showing: summary errors and the "or it could have been a
 * Reference Object" (`required: $ref`) alternative are dropped whenever a
 * more specific error explains the same or a deeper location.
 */
export function describeMetaSchemaErrors(errors: readonly MetaSchemaError[]): StructuralProblem[] {
  const relevant = errors.filter((error) => !isServerVariableErratum(error));
  const isNoise = (error: MetaSchemaError) => SUMMARY_KEYWORDS.has(error.keyword ?? '') || isRefAlternative(error);
  const specific = relevant.filter((error) => !isNoise(error));
  const kept = relevant.filter((error) => {
    if (!isNoise(error)) return true;
    const at = error.instancePath ?? '';
    return !specific.some(
      (other) => (other.instancePath ?? '') === at || (other.instancePath ?? '').startsWith(`${at}/`),
    );
  });
  // Keep one summary per location when only summaries remain there.
  const seen = new Set<string>();
  const problems: StructuralProblem[] = [];
  for (const error of kept) {
    const problem = toProblem(error);
    const key = `${problem.pointer}\u0000${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function isRefAlternative(error: MetaSchemaError): boolean {
  return error.keyword === 'required' && error.params?.missingProperty === '$ref';
}

function toProblem(error: MetaSchemaError): StructuralProblem {
  const at = error.instancePath ?? '';
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const field = String(params.additionalProperty ?? params.unevaluatedProperty);
      return { rule: 'schema', pointer: joinPointer(at, field), message: `unknown field '${field}'` };
    }
    case 'required':
      return { rule: 'schema', pointer: at, message: `missing required field '${String(params.missingProperty)}'` };
    case 'enum':
      return {
        rule: 'schema',
        pointer: at,
        message: `must be one of ${(params.allowedValues as unknown[] | undefined)?.map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'oneOf':
    case 'anyOf':
      return { rule: 'schema', pointer: at, message: 'is not any of the objects OpenAPI allows here' };
    default:
      return { rule: 'schema', pointer: at, message: error.message ?? `fails ${error.keyword}` };
  }
}
