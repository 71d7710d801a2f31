/**
 * Places where a spec breaks the OpenAPI schema, isolated to the operations
 * that reach them (issue 23, as unresolved-refs.ts does for `$ref`s): a
 * schema whose `definitions` hold a `type` that is no type name, `examples`
 * that is not an array, and the like. The mock serves every operation that
 * reaches none of them, answers 500 naming the place on those that do, and
 * warns once per place. An operation reaches a place in its own subtree, in
 * its path item's parameters, in a component its `$ref`s lead to
 * (transitively), or in a security scheme it names.
 */

import { encodePointer } from '../json/json-pointer.js';
import { walkComponentRefs } from './component-refs.js';
import { asArray, asRecord } from './content.js';
import type { StructuralProblem } from './meta-schema-errors.js';
import { HTTP_METHODS } from './operations.js';
import type { InvalidPart, UnservableOperation } from './types.js';

type Json = Record<string, unknown>;

/** Where each problem is, which operations reach it, and the operations that cannot be served. */
export interface IsolatedParts {
  parts: InvalidPart[];
  unservable: UnservableOperation[];
}

/**
 * Isolate `problems` (pointers into `document`, the document as validated,
 * before dereferencing). `shown` turns a pointer into the one messages give
 * (a Swagger 2.0 file's own pointer).
 */
export function isolateInvalidParts(
  document: Json,
  problems: readonly StructuralProblem[],
  shown: (pointer: string) => string = (pointer) => pointer,
): IsolatedParts {
  const parts: InvalidPart[] = problems.map((problem) => ({
    pointer: shown(problem.pointer),
    message: problem.message,
    routes: [],
  }));
  const unservable: UnservableOperation[] = [];
  const components = asRecord(document.components);
  for (const { route, prefixes } of operationReach(document, components)) {
    let first: InvalidPart | undefined;
    for (const [index, problem] of problems.entries()) {
      if (!prefixes.some((prefix) => problem.pointer === prefix || problem.pointer.startsWith(`${prefix}/`))) continue;
      parts[index]!.routes.push(route);
      first ??= parts[index];
    }
    if (first)
      unservable.push({
        route,
        reason: `invalid OpenAPI document at ${first.pointer || '/'}: ${first.message}`,
        cause: 'invalid-part',
      });
  }
  return { parts, unservable };
}

/** Every operation of the document as written, with the pointers of everything it reaches. */
function* operationReach(document: Json, components: Json): Generator<{ route: string; prefixes: string[] }> {
  for (const [path, rawItem] of Object.entries(asRecord(document.paths))) {
    const item = asRecord(rawItem);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation || typeof operation !== 'object') continue;
      const prefixes = new Set([encodePointer(['paths', path, method]), encodePointer(['paths', path, 'parameters'])]);
      walkComponentRefs([operation, item.parameters], ({ section, name }) => {
        const pointer = encodePointer(['components', section, name]);
        if (prefixes.has(pointer)) return undefined;
        prefixes.add(pointer);
        return asRecord(components[section])[name];
      });
      for (const requirement of asArray((operation as Json).security ?? document.security))
        for (const name of Object.keys(asRecord(requirement)))
          prefixes.add(encodePointer(['components', 'securitySchemes', name]));
      yield { route: `${method.toUpperCase()} ${path}`, prefixes: [...prefixes] };
    }
  }
}
