/**
 * What Prism is handed for one path item (prism-engine.ts asks on first use): the
 * item alone under a synthetic path, read by Prism's own readers from the document
 * as written where it can be, else from the dereferenced one, and without the
 * operations' callbacks.
 */

import { walkComponentRefs } from '../core/spec/component-refs.js';
import type { PrismParts } from './prism-loader.js';

/**
 * Prism's operations per path template, read once each: reading all of GitHub's 845 operations up front
 * takes longer than Prism's own start (9 s here), one path item takes about 10 ms.
 */
export function prismOperations(
  parts: PrismParts,
  document: Record<string, unknown>,
  raw: Record<string, unknown> | undefined,
): (template: string) => Promise<unknown[]> {
  const internals = prismInternals(parts);
  const operationsByTemplate = new Map<string, Promise<unknown[]>>();
  return (template) => {
    let operations = operationsByTemplate.get(template);
    if (!operations) {
      const written = raw && rawPathDocument(raw, template);
      operations = (
        written
          ? Promise.resolve(internals.operationsOf(written))
          : parts.getHttpOperationsFromSpec()(pathDocument(document, template) as never)
      ).then((read) => read.map(withoutCallbacks));
      operationsByTemplate.set(template, operations);
    }
    return operations;
  };
}

/**
 * An operation without its OpenAPI callbacks (OAS 3.1 section 4.8.18): Prism's mocker fires them after
 * answering, to a URL that the request (its body, its headers) names. A mock for frontend work must not
 * send requests to addresses its clients choose, so plantkit documents and diffs callbacks and never
 * fires them (docs/mock.md, "Where the mock differs from Prism").
 */
function withoutCallbacks(operation: unknown): unknown {
  if (typeof operation !== 'object' || operation === null || !('callbacks' in operation)) return operation;
  const { callbacks: _callbacks, ...rest } = operation as Record<string, unknown>;
  return rest;
}

/**
 * Prism's own readers, used on the document as written: getHttpOperationsFromSpec dereferences, then
 * walks the result as a tree (`decycle`), which never ends on specs that share schemas widely (Stripe's:
 * Prism itself does not start on it). The per-operation transform and bundling it does afterwards work on
 * `$ref`s directly, in milliseconds.
 */
function prismInternals(parts: PrismParts): { operationsOf(document: Record<string, unknown>): unknown[] } {
  return {
    operationsOf: (document) =>
      parts.transformOas3Operations(document).map((operation) =>
        parts.bundleTarget({
          document: { ...document, __target__: operation },
          path: '#/__target__',
          cloneDocument: false,
        }),
      ),
  };
}

/**
 * The path item of `template` as written, under SYNTHETIC_PATH, beside copies of the components it
 * reaches (Prism's bundling rewrites `$ref`s in place, so it gets copies); undefined when it refers to
 * other files (then the dereferenced form is used).
 */
function rawPathDocument(raw: Record<string, unknown>, template: string): Record<string, unknown> | undefined {
  const item = ((raw.paths ?? {}) as Record<string, unknown>)[template];
  if (item === undefined || /"\$ref":"(?!#)/.test(JSON.stringify(item))) return undefined;
  const components = (raw.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const copied: Record<string, Record<string, unknown>> = {};
  walkComponentRefs(item, ({ section, name }) => {
    const target = components[section]?.[name];
    if (target === undefined || copied[section]?.[name] !== undefined) return undefined;
    (copied[section] ??= {})[name] = target;
    return target;
  });
  return structuredClone({
    openapi: raw.openapi,
    info: raw.info,
    paths: { [SYNTHETIC_PATH]: item },
    components: { securitySchemes: components.securitySchemes ?? {}, ...copied },
  });
}

/** The one path Prism sees: plantkit has routed already, so every path item is handed over under this key. */
export const SYNTHETIC_PATH = '/plantkit-route';

/**
 * A document with only the path item of `template`, under SYNTHETIC_PATH: the
 * security schemes, and the component schemas its remaining (circular)
 * `$ref`s point at, transitively. Servers are left out: Prism would expect
 * their path prefix.
 */
function pathDocument(document: Record<string, unknown>, template: string): Record<string, unknown> {
  const item = structuredClone(((document.paths ?? {}) as Record<string, unknown>)[template]);
  const components = (document.components ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const schemas: Record<string, unknown> = {};
  walkComponentRefs(item, ({ section, name }) => {
    if (section !== 'schemas' || name in schemas || components.schemas?.[name] === undefined) return undefined;
    schemas[name] = structuredClone(components.schemas[name]);
    return schemas[name];
  });
  return {
    openapi: document.openapi,
    info: document.info,
    paths: { [SYNTHETIC_PATH]: item },
    components: { securitySchemes: components.securitySchemes ?? {}, schemas },
  };
}
