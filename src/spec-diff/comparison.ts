/**
 * Match two specs into a SpecComparison. Operations match on method and path
 * shape (`/plants/{id}` and `/plants/{plantId}` are the same path, OAS 3.1.0
 * section 4.8.8.2), parameters on location and name (path parameters on
 * their position in the template), bodies on media type, responses on
 * status code. Schemas are compared in their effective form.
 */
import { encodePointer, joinPointer } from '../spec/json-pointer.js';
import type { MediaTypeContent, Operation, OperationParameter } from '../spec/types.js';
import type { Direction } from '../validation/schema-view.js';
import { createEffectiveSchemas } from './effective-schema.js';
import { pairSchemas } from './schema-pairs.js';
import type { ComparedSpec, OneSided, Pair, SpecComparison } from './types.js';

/** Build the comparison of `base` and `head`. */
export function compareSpecs(base: ComparedSpec, head: ComparedSpec): SpecComparison {
  const comparison: SpecComparison = {
    base,
    head,
    removedPaths: [],
    removedOperations: [],
    addedOperations: [],
    operations: [],
    parameters: [],
    requestBodies: [],
    requestMediaTypes: [],
    responses: [],
    responseMediaTypes: [],
    schemas: [],
    properties: [],
  };
  const effective = { base: createEffectiveSchemas(base.document, base.version), head: createEffectiveSchemas(head.document, head.version) };
  const pathShapes = (spec: ComparedSpec) => new Map(Object.keys((spec.document.paths ?? {}) as object).map((template) => [pathShape(template), template]));
  const [basePaths, headPaths] = [pathShapes(base), pathShapes(head)];
  for (const [shape, template] of basePaths) if (!headPaths.has(shape)) comparison.removedPaths.push(oneSided(template, 'base', joinPointer('/paths', template), template));

  const headOperations = new Map(head.operations.map((operation) => [operationKey(operation), operation]));
  const baseKeys = new Set(base.operations.map(operationKey));
  for (const operation of base.operations) {
    const match = headOperations.get(operationKey(operation));
    if (!match) comparison.removedOperations.push(oneSided(label(operation), 'base', operation.pointer, operation));
    else compareOperation(comparison, operation, match, effective);
  }
  for (const operation of head.operations) {
    if (!baseKeys.has(operationKey(operation))) comparison.addedOperations.push(oneSided(label(operation), 'head', operation.pointer, operation));
  }
  return comparison;
}

type Effective = Record<'base' | 'head', ReturnType<typeof createEffectiveSchemas>>;

function compareOperation(comparison: SpecComparison, base: Operation, head: Operation, effective: Effective): void {
  const operation = label(head);
  comparison.operations.push({ label: operation, base, head });
  const schemas = (b: unknown, bAt: string, h: unknown, hAt: string, direction: Direction, name: string) => {
    if (b === undefined || h === undefined) return;
    pairSchemas(comparison, { operation, direction, name }, effective.base(b, bAt), effective.head(h, hAt));
  };

  for (const pair of pairBy(operation, base.parameters, head.parameters, parameterKey(base), parameterKey(head), (p) => `${p.in} parameter '${p.name}'`, (p) => p.pointer)) {
    comparison.parameters.push(pair);
    if (pair.base && pair.head) schemas(pair.base.schema, `${pair.basePointer}/schema`, pair.head.schema, `${pair.headPointer}/schema`, 'request', pair.name);
  }
  comparison.requestBodies.push({
    operation,
    name: 'request body',
    base: base.requestBody,
    head: head.requestBody,
    basePointer: `${base.pointer}/requestBody`,
    headPointer: `${head.pointer}/requestBody`,
  });
  const media = (content: MediaTypeContent[] | undefined) => content ?? [];
  for (const pair of pairContent(operation, 'request body', media(base.requestBody?.content), media(head.requestBody?.content))) {
    comparison.requestMediaTypes.push(mediaName(pair));
    schemas(pair.base?.schema, pair.base?.schemaPointer ?? '', pair.head?.schema, pair.head?.schemaPointer ?? '', 'request', pair.name);
  }
  const statusPointer = (operationPointer: string, status: string) => `${operationPointer}${encodePointer(['responses', status])}`;
  for (const pair of pairBy(operation, base.responses, head.responses, (r) => r.status, (r) => r.status, (r) => `response ${r.status}`, (r) => r.status)) {
    pair.basePointer = pair.base && statusPointer(base.pointer, pair.base.status);
    pair.headPointer = pair.head && statusPointer(head.pointer, pair.head.status);
    comparison.responses.push(pair);
    if (!pair.base || !pair.head) continue;
    for (const mediaPair of pairContent(operation, pair.name, pair.base.content, pair.head.content)) {
      comparison.responseMediaTypes.push(mediaName(mediaPair));
      schemas(mediaPair.base?.schema, mediaPair.base?.schemaPointer ?? '', mediaPair.head?.schema, mediaPair.head?.schemaPointer ?? '', 'response', mediaPair.name);
    }
  }
}

function pairContent(operation: string, owner: string, base: MediaTypeContent[], head: MediaTypeContent[]): Pair<MediaTypeContent>[] {
  const key = (media: MediaTypeContent) => media.mediaType.toLowerCase();
  const pointer = (media: MediaTypeContent) => media.schemaPointer.replace(/\/schema$/, '');
  return pairBy(operation, base, head, key, key, (media) => `${owner} (${media.mediaType})`, pointer);
}

function mediaName(pair: Pair<MediaTypeContent>): Pair<string> {
  return { ...pair, base: pair.base?.mediaType, head: pair.head?.mediaType };
}

/** Pair items of two lists by key, base order first, then head-only items. */
function pairBy<T>(operation: string, base: T[], head: T[], baseKey: (item: T) => string, headKey: (item: T) => string, name: (item: T) => string, pointer: (item: T) => string): Pair<T>[] {
  const heads = new Map(head.map((item) => [headKey(item), item]));
  const pairs: Pair<T>[] = base.map((item) => {
    const match = heads.get(baseKey(item));
    heads.delete(baseKey(item));
    return { operation, name: name(match ?? item), base: item, head: match, basePointer: pointer(item), headPointer: match && pointer(match) };
  });
  for (const item of heads.values()) pairs.push({ operation, name: name(item), base: undefined, head: item, basePointer: undefined, headPointer: pointer(item) });
  return pairs;
}

/** Path parameters match by position in the template: renaming `{id}` to `{plantId}` changes nothing on the wire. */
function parameterKey(operation: Operation): (parameter: OperationParameter) => string {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  return (parameter) => (parameter.in === 'path' && names.includes(parameter.name) ? `path:#${names.indexOf(parameter.name)}` : `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`);
}

function pathShape(template: string): string {
  return template.replace(/\{[^}]+\}/g, '{}');
}

function operationKey(operation: Operation): string {
  return `${operation.method} ${pathShape(operation.path)}`;
}

function label(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

function oneSided<T>(labelText: string, side: 'base' | 'head', pointer: string, item: T): OneSided<T> {
  return { label: labelText, side, pointer, item };
}
