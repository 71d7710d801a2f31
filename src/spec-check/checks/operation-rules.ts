/**
 * OpenAPI rules the meta-schema cannot express (swagger-parser checks them
 * only for Swagger 2.0): unique operationIds, path parameters that match
 * their template, and path templates that differ in more than a name.
 */
import { joinPointer } from '../../core/json/json-pointer.js';
import { HTTP_METHODS } from '../../core/spec/operations.js';
import { routeShape } from '../../core/spec/route-shape.js';
import type { ProblemReport } from '../locate.js';

type Json = Record<string, unknown>;

/** Every operation-level rule over a dereferenced document. */
export function operationRuleProblems(document: Json): ProblemReport[] {
  return [...uniqueOperationIds(document), ...pathParameters(document), ...distinctTemplates(document)];
}

/** OAS 3.1.0 section 4.8.10.1: "The id MUST be unique among all operations described in the API." */
function uniqueOperationIds(document: Json): ProblemReport[] {
  const first = new Map<string, string>();
  const problems: ProblemReport[] = [];
  for (const { pointer, operation, label } of operations(document)) {
    const id = operation.operationId;
    if (typeof id !== 'string') continue;
    const earlier = first.get(id);
    if (earlier === undefined) first.set(id, label);
    else
      problems.push(
        problem('operation-id-unique', `${pointer}/operationId`, `operationId '${id}' is already used by ${earlier}`),
      );
  }
  return problems;
}

/**
 * OAS 3.1.0 section 4.8.12.1: a path parameter's name MUST correspond to a
 * template expression in the path, and (4.8.8.2) each template expression
 * needs a parameter to describe it.
 */
function pathParameters(document: Json): ProblemReport[] {
  const problems: ProblemReport[] = [];
  for (const [template, item] of Object.entries(record(document.paths))) {
    const names = new Set([...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
    const shared = pathParams(record(item).parameters, joinPointer('/paths', template, 'parameters'));
    problems.push(...outsideTemplate(shared, names, template));
    for (const { pointer, operation } of operations({ paths: { [template]: item } })) {
      const own = pathParams(operation.parameters, `${pointer}/parameters`);
      problems.push(...outsideTemplate(own, names, template));
      const declared = new Set([...shared, ...own].map((parameter) => parameter.name));
      for (const name of names) {
        if (!declared.has(name))
          problems.push(
            problem(
              'path-parameters',
              pointer,
              `path template ${template} has {${name}} but the operation declares no path parameter '${name}'`,
            ),
          );
      }
    }
  }
  return problems;
}

/** A problem for each path parameter whose name is not one of the template's expressions. */
function outsideTemplate(
  parameters: ReadonlyArray<{ name: string; pointer: string }>,
  names: ReadonlySet<string>,
  template: string,
): ProblemReport[] {
  return parameters
    .filter((parameter) => !names.has(parameter.name))
    .map((parameter) =>
      problem(
        'path-parameters',
        parameter.pointer,
        `path parameter '${parameter.name}' is not in the path template ${template}`,
      ),
    );
}

/** OAS 3.1.0 section 4.8.8.2: templated paths with the same hierarchy but different names MUST NOT exist. */
function distinctTemplates(document: Json): ProblemReport[] {
  const seen = new Map<string, string>();
  const problems: ProblemReport[] = [];
  for (const template of Object.keys(record(document.paths))) {
    const shape = routeShape(template);
    const earlier = seen.get(shape);
    if (earlier === undefined) seen.set(shape, template);
    else
      problems.push(
        problem(
          'path-templates-distinct',
          joinPointer('/paths', template),
          `path ${template} is the same as ${earlier} (only template names differ)`,
        ),
      );
  }
  return problems;
}

function* operations(document: Json): Generator<{ pointer: string; operation: Json; label: string }> {
  for (const [template, item] of Object.entries(record(document.paths))) {
    for (const method of HTTP_METHODS) {
      const operation = record(item)[method];
      if (operation && typeof operation === 'object') {
        yield {
          pointer: joinPointer('/paths', template, method),
          operation: operation as Json,
          label: `${method.toUpperCase()} ${template}`,
        };
      }
    }
  }
}

function pathParams(list: unknown, pointer: string): Array<{ name: string; pointer: string }> {
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw, index) => {
    const parameter = record(raw);
    return parameter.in === 'path' && typeof parameter.name === 'string'
      ? [{ name: parameter.name, pointer: `${pointer}/${index}` }]
      : [];
  });
}

function problem(rule: string, pointer: string, message: string): ProblemReport {
  return { check: 'structure', rule, severity: 'error', pointer, message };
}

function record(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}
