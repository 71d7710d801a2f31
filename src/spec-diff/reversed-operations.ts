/**
 * Webhooks (OAS 3.1.0 section 4.8.1 `webhooks`) and callbacks (section
 * 4.8.18) flattened into operations with the project's own `listOperations`,
 * read over a view whose `paths` are the webhooks or one callback, then
 * moved back to where they are written. In both the API is the client: it
 * sends the request body and reads the response, so diff rules see them
 * with request and response swapped.
 */
import { encodePointer, valueAt } from '../core/json/json-pointer.js';
import { listOperations } from '../core/spec/operations.js';
import type { MediaTypeContent, Operation } from '../core/spec/types.js';

/** An operation the API calls, with the key it is matched on. */
export interface ReversedOperation {
  /** Matching key: webhook name and method, or parent operation, URL expression shape and method. */
  key: string;
  operation: Operation;
}

/** The webhooks of a 3.1 document: label `POST webhook:plantAdded`. */
export function listWebhooks(document: Record<string, unknown>): ReversedOperation[] {
  const webhooks = asRecord(document.webhooks);
  return listOperations({ paths: webhooks, components: document.components }).map((operation) => {
    const moved = relocate(operation, '/paths', '/webhooks');
    return { key: `${operation.path} ${operation.method}`, operation: { ...moved, path: `webhook:${operation.path}` } };
  });
}

/**
 * The callbacks of `operations`: label `POST {$request.body#/url} (callback onAdded of POST /plants)`.
 * The callback's name is only a key in the document, so it is not part of the match: renaming it is a refactor.
 */
export function listCallbacks(
  document: Record<string, unknown>,
  operations: readonly Operation[],
  parentKey: (operation: Operation) => string,
): ReversedOperation[] {
  return operations.flatMap((parent) => {
    const raw = asRecord(asRecord(valueAt(document, parent.pointer)).callbacks);
    return Object.entries(raw).flatMap(([name, callback]) =>
      listOperations({ paths: asRecord(callback), components: document.components }).map((operation) => {
        const moved = relocate(operation, '/paths', `${parent.pointer}${encodePointer(['callbacks', name])}`);
        const expression = operation.path;
        return {
          key: `${parentKey(parent)} ${expression.replace(/\{[^}]*\}/g, '{}')} ${operation.method}`,
          operation: { ...moved, path: `${expression} (callback ${name} of ${parent.method} ${parent.path})` },
        };
      }),
    );
  });
}

/** The operation with every pointer under `from` moved under `to`. */
function relocate(operation: Operation, from: string, to: string): Operation {
  const move = (pointer: string) => (pointer.startsWith(from) ? `${to}${pointer.slice(from.length)}` : pointer);
  const content = (list: MediaTypeContent[]) =>
    list.map((media) => ({
      ...media,
      schemaPointer: move(media.schemaPointer),
      examples: media.examples.map((example) => ({ ...example, pointer: move(example.pointer) })),
    }));
  return {
    ...operation,
    pointer: move(operation.pointer),
    parameters: operation.parameters.map((parameter) => ({
      ...parameter,
      pointer: move(parameter.pointer),
      examples: parameter.examples.map((example) => ({ ...example, pointer: move(example.pointer) })),
    })),
    requestBody: operation.requestBody && { ...operation.requestBody, content: content(operation.requestBody.content) },
    responses: operation.responses.map((response) => ({ ...response, content: content(response.content) })),
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
