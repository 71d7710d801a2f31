/**
 * Inside two matched operations: parameters match on location and name (path
 * parameters on their position in the template, header names
 * case-insensitively), bodies on media type, responses on status code,
 * response headers on name (RFC 9110 section 5.1: case-insensitive).
 * Schemas are walked in their effective form. For a webhook or callback
 * (`reversed`) the API sends the request and reads the response, so only
 * their schemas are compared, with the directions swapped.
 */
import { encodePointer, valueAt } from '../core/json/json-pointer.js';
import type { MediaTypeContent, Operation, OperationParameter } from '../core/spec/types.js';
import type { Direction } from '../core/validation/schema-view.js';
import { isTextual } from './parameter-values.js';
import type { SchemaWalks } from './schema-walks.js';
import type { Pair, ResponseHeader, SpecComparison } from './types.js';

/** Two matched operations being compared, and where their pairs go. */
interface OperationComparison {
  comparison: SpecComparison;
  base: Operation;
  head: Operation;
  /** A webhook or callback: only its schemas are compared, with the directions swapped. */
  reversed: boolean;
  /** The operation's label in every pair's name. */
  operation: string;
  /** The direction of what the API reads (a request; a webhook's response) and of what it sends. */
  sent: Direction;
  received: Direction;
  /** Walk two schemas, when both sides have one. */
  schemas(
    b: unknown,
    bAt: string,
    h: unknown,
    hAt: string,
    direction: Direction,
    name: string,
    textual?: boolean,
  ): void;
}

/** Add the pairs of two matched operations to `comparison`. */
export function compareOperation(
  comparison: SpecComparison,
  base: Operation,
  head: Operation,
  walks: SchemaWalks,
  reversed: boolean,
): void {
  const operation = label(head);
  const [sent, received]: [Direction, Direction] = reversed ? ['response', 'request'] : ['request', 'response'];
  const pairing: OperationComparison = {
    comparison,
    base,
    head,
    reversed,
    operation,
    sent,
    received,
    schemas: (b, bAt, h, hAt, direction, name, textual = false) => {
      if (b !== undefined && h !== undefined) walks.add({ operation, direction, name, textual }, b, bAt, h, hAt);
    },
  };
  if (!reversed) comparison.operations.push({ label: operation, base, head });
  compareParameters(pairing);
  compareRequestBodies(pairing);
  compareResponses(pairing);
}

/** Parameters, matched on location and name; their schemas walked as text where they travel as text. */
function compareParameters(pairing: OperationComparison): void {
  const { comparison, base, head, reversed, operation } = pairing;
  for (const pair of pairBy(
    operation,
    base.parameters,
    head.parameters,
    parameterKey(base),
    parameterKey(head),
    (p) => `${p.in} parameter '${p.name}'`,
    (p) => p.pointer,
  )) {
    if (!reversed) comparison.parameters.push(pair);
    if (pair.base && pair.head)
      pairing.schemas(
        pair.base.schema,
        parameterSchemaPointer(pair.base),
        pair.head.schema,
        parameterSchemaPointer(pair.head),
        pairing.sent,
        pair.name,
        isTextual(pair.base) && isTextual(pair.head),
      );
  }
}

/** The request bodies, and their media types matched by name with their schemas walked. */
function compareRequestBodies(pairing: OperationComparison): void {
  const { comparison, base, head, reversed, operation } = pairing;
  if (!reversed) {
    comparison.requestBodies.push({
      operation,
      name: 'request body',
      base: base.requestBody,
      head: head.requestBody,
      basePointer: `${base.pointer}/requestBody`,
      headPointer: `${head.pointer}/requestBody`,
    });
  }
  // Said in the names, as the rule ids (`response-*` for a webhook's body) read the other way round.
  const bodyName = reversed ? 'request body sent by the API' : 'request body';
  for (const pair of pairContent(
    operation,
    bodyName,
    base.requestBody?.content ?? [],
    head.requestBody?.content ?? [],
  )) {
    if (!reversed) comparison.requestMediaTypes.push(mediaName(pair));
    if (!reversed) comparison.requestContents.push(pair);
    pairing.schemas(
      pair.base?.schema,
      pair.base?.schemaPointer ?? '',
      pair.head?.schema,
      pair.head?.schemaPointer ?? '',
      pairing.sent,
      pair.name,
    );
  }
}

/** Responses matched on status; for each pair present on both sides, its media types and headers. */
function compareResponses(pairing: OperationComparison): void {
  const { comparison, base, head, reversed, operation } = pairing;
  const responseName = reversed ? 'read by the API' : '';
  for (const pair of pairBy(
    operation,
    base.responses,
    head.responses,
    (r) => r.status,
    (r) => r.status,
    (r) => `response ${r.status}`,
    (r) => r.status,
  )) {
    pair.basePointer = pair.base && responsePointer(comparison.base.document, base.pointer, pair.base.status);
    pair.headPointer = pair.head && responsePointer(comparison.head.document, head.pointer, pair.head.status);
    if (!reversed) comparison.responses.push(pair);
    if (!pair.base || !pair.head) continue;
    for (const mediaPair of pairContent(
      operation,
      responseName ? `${pair.name} ${responseName}` : pair.name,
      pair.base.content,
      pair.head.content,
    )) {
      if (!reversed) comparison.responseMediaTypes.push(mediaName(mediaPair));
      pairing.schemas(
        mediaPair.base?.schema,
        mediaPair.base?.schemaPointer ?? '',
        mediaPair.head?.schema,
        mediaPair.head?.schemaPointer ?? '',
        pairing.received,
        mediaPair.name,
      );
    }
    if (!reversed) compareResponseHeaders(pairing, pair.name, pair.basePointer!, pair.headPointer!);
  }
}

/** A response's headers, matched on name (RFC 9110 section 5.1: case-insensitive), their schemas walked as text. */
function compareResponseHeaders(pairing: OperationComparison, name: string, basePointer: string, headPointer: string) {
  const { comparison, operation } = pairing;
  for (const header of pairBy(
    operation,
    readHeaders(comparison.base.document, basePointer),
    readHeaders(comparison.head.document, headPointer),
    headerKey,
    headerKey,
    (h) => `${name} header '${h.header.name}'`,
    (h) => h.pointer,
  )) {
    comparison.responseHeaders.push({ ...header, base: header.base?.header, head: header.head?.header });
    if (header.base && header.head)
      pairing.schemas(
        header.base.header.schema,
        header.base.schemaPointer,
        header.head.header.schema,
        header.head.schemaPointer,
        'response',
        header.name,
        true,
      );
  }
}

/** Where a parameter's schema is: under `schema`, or under its one media type (`content`, OAS 3.1.0 section 4.8.12). */
function parameterSchemaPointer(parameter: OperationParameter): string {
  return parameter.mediaType === undefined
    ? `${parameter.pointer}/schema`
    : `${parameter.pointer}${encodePointer(['content', parameter.mediaType, 'schema'])}`;
}

/** `POST /plants`: how changes name an operation. */
export function label(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

interface WrittenHeader {
  header: ResponseHeader;
  pointer: string;
  schemaPointer: string;
}

/** Headers of the response at `pointer`; `Content-Type` is ignored there (OAS 3.1.0 section 4.8.17.1). */
function readHeaders(document: Record<string, unknown>, pointer: string): WrittenHeader[] {
  const headers = (valueAt(document, `${pointer}/headers`) ?? {}) as Record<
    string,
    Record<string, unknown> | undefined
  >;
  return Object.entries(headers)
    .filter(([name, header]) => name.toLowerCase() !== 'content-type' && header && typeof header === 'object')
    .map(([name, header]) => {
      const at = `${pointer}${encodePointer(['headers', name])}`;
      // A header is described by `schema`, or by `content` with one media type (section 4.8.21.1).
      const [mediaType, media] =
        Object.entries((header!.content ?? {}) as Record<string, { schema?: unknown }>)[0] ?? [];
      const schemaPointer =
        header!.schema !== undefined || mediaType === undefined
          ? `${at}/schema`
          : `${at}${encodePointer(['content', mediaType, 'schema'])}`;
      return {
        header: { name, required: header!.required === true, schema: header!.schema ?? media?.schema },
        pointer: at,
        schemaPointer,
      };
    });
}

function headerKey(header: WrittenHeader): string {
  return header.header.name.toLowerCase();
}

/** The pointer of a response as written (`4xx` and `4XX` are the same key, OAS 3.1.0 section 4.8.16.2). */
function responsePointer(document: Record<string, unknown>, operationPointer: string, status: string): string {
  const written = Object.keys((valueAt(document, `${operationPointer}/responses`) ?? {}) as object).find(
    (key) => key.toUpperCase() === status.toUpperCase(),
  );
  return `${operationPointer}${encodePointer(['responses', written ?? status])}`;
}

function pairContent(
  operation: string,
  owner: string,
  base: MediaTypeContent[],
  head: MediaTypeContent[],
): Pair<MediaTypeContent>[] {
  const key = (media: MediaTypeContent) => media.mediaType.toLowerCase();
  const pointer = (media: MediaTypeContent) => media.schemaPointer.replace(/\/schema$/, '');
  return pairBy(operation, base, head, key, key, (media) => `${owner} (${media.mediaType})`, pointer);
}

function mediaName(pair: Pair<MediaTypeContent>): Pair<string> {
  return { ...pair, base: pair.base?.mediaType, head: pair.head?.mediaType };
}

/** Pair items of two lists by key, base order first, then head-only items. */
function pairBy<T>(
  operation: string,
  base: T[],
  head: T[],
  baseKey: (item: T) => string,
  headKey: (item: T) => string,
  name: (item: T) => string,
  pointer: (item: T) => string,
): Pair<T>[] {
  const heads = new Map(head.map((item) => [headKey(item), item]));
  const pairs: Pair<T>[] = base.map((item) => {
    const match = heads.get(baseKey(item));
    heads.delete(baseKey(item));
    return {
      operation,
      name: name(match ?? item),
      base: item,
      head: match,
      basePointer: pointer(item),
      headPointer: match && pointer(match),
    };
  });
  for (const item of heads.values())
    pairs.push({
      operation,
      name: name(item),
      base: undefined,
      head: item,
      basePointer: undefined,
      headPointer: pointer(item),
    });
  return pairs;
}

/** Path parameters match by position in the template: renaming `{id}` to `{plantId}` changes nothing on the wire. */
function parameterKey(operation: Operation): (parameter: OperationParameter) => string {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
  return (parameter) =>
    parameter.in === 'path' && names.includes(parameter.name)
      ? `path:#${names.indexOf(parameter.name)}`
      : `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
}
