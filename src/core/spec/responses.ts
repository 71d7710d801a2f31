/**
 * Responses Objects (OAS 4.8.16): status codes, ranges and `default`, each
 * with its content, headers (4.8.21) and links (4.8.20).
 */
import { encodePointer } from '../json/json-pointer.js';
import { asRecord, readContent, readExamples } from './content.js';
import type { OperationResponse, ResponseHeader, ResponseLink, SchemaObject } from './types.js';

/** The documented responses of an operation, in spec order. */
export function readResponses(raw: unknown, pointer: string): OperationResponse[] {
  return Object.entries(asRecord(raw)).map(([status, response]) => {
    const record = asRecord(response);
    const at = `${pointer}${encodePointer([status])}`;
    return {
      status: status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase(),
      description: String(record.description ?? ''),
      content: readContent(record.content, `${at}/content`),
      headers: readHeaders(record.headers, `${at}/headers`),
      links: readLinks(record.links),
    };
  });
}

/** Response headers; `Content-Type` is ignored as OAS 4.8.17.1 requires (the content map describes it). */
function readHeaders(raw: unknown, pointer: string): ResponseHeader[] {
  return Object.entries(asRecord(raw))
    .filter(([name]) => name.toLowerCase() !== 'content-type')
    .map(([name, value]) => {
      const header = asRecord(value);
      const at = `${pointer}${encodePointer([name])}`;
      const [media] = readContent(header.content, `${at}/content`);
      return {
        name,
        pointer: at,
        required: header.required === true,
        schema: (header.schema as SchemaObject | undefined) ?? media?.schema,
        examples: readExamples(header, at),
        explode: header.explode === true,
      };
    });
}

function readLinks(raw: unknown): ResponseLink[] {
  return Object.entries(asRecord(raw)).map(([name, value]) => {
    const link = asRecord(value);
    const operationRef = typeof link.operationRef === 'string' ? link.operationRef : undefined;
    return {
      name,
      operationId: typeof link.operationId === 'string' ? link.operationId : undefined,
      operationRef,
      parameters: asRecord(link.parameters),
      requestBody: link.requestBody,
    };
  });
}
