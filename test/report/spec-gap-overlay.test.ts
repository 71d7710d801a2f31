/** The spec-gap overlay document: targets, updates per OpenAPI version, and no secret in it. */
import { describe, expect, test } from 'vitest';
import type { SpecGap } from '../../src/contract/types.js';
import { createRedactor } from '../../src/core/exchange/redact.js';
import { specGapOverlay } from '../../src/report/spec-gap-overlay.js';

const gap = (more: Partial<SpecGap> = {}): SpecGap => ({
  operation: 'getFile',
  method: 'GET',
  path: "/files/{name}/o'clock",
  pointer: "/paths/~1files~1{name}~1o'clock/get",
  status: 404,
  reason: "the run made up the resource's id",
  fix: 'document 404 on getFile',
  cases: ['getFile/positive/request', 'getFile/generated/positive', 'getFile/generated/boundary/a', 'getFile/x'],
  responses: 9,
  bodies: [{ mediaType: 'application/json', body: '{"error":"no file","token":"s3cret-token"}' }],
  ...more,
});
const redact = createRedactor([{ value: 's3cret-token', variable: 'PLANTKIT_TOKEN' }]);
const spec = { title: 'Files', apiVersion: '1.0.0', version: '3.1' as const, convertedFrom: undefined };

describe('specGapOverlay', () => {
  test('one action per gap: an RFC 9535 normalized path to the responses, the status with a schema per media type', () => {
    const overlay = specGapOverlay([gap()], spec, redact, 'openapi.yaml');
    expect(overlay).toEqual({
      overlay: '1.0.0',
      info: { title: 'Spec gaps of Files 1.0.0 seen by plantkit contract', version: '1.0.0' },
      extends: 'openapi.yaml',
      actions: [
        {
          target: "$['paths']['/files/{name}/o\\'clock']['get']['responses']",
          description:
            "document 404 on getFile: the run made up the resource's id (9 responses; cases getFile/positive/request, getFile/generated/positive, getFile/generated/boundary/a and 1 more)",
          update: {
            '404': {
              description: 'Not Found',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['error', 'token'],
                    properties: { error: { type: 'string' }, token: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      ],
    });
    expect(JSON.stringify(overlay)).not.toContain('s3cret-token');
  });

  test('a secret used as a property name is masked before the schema is inferred', () => {
    const overlay = specGapOverlay(
      [gap({ bodies: [{ mediaType: 'application/json', body: '{"s3cret-token":1}' }] })],
      spec,
      redact,
    );
    expect(JSON.stringify(overlay)).not.toContain('s3cret-token');
    expect(overlay).not.toHaveProperty('extends');
  });

  test('no body: the description alone; text: a string; bytes: the media type without a schema', () => {
    const [empty, text, bytes] = specGapOverlay(
      [
        gap({ status: 405, bodies: [{ mediaType: undefined, body: '' }] }),
        gap({ status: 429, bodies: [{ mediaType: 'text/plain', body: 'slow down' }] }),
        gap({ status: 413, bodies: [{ mediaType: 'application/octet-stream', body: '\u0000\u0001' }] }),
      ],
      spec,
      redact,
    ).actions;
    expect(empty!.update).toEqual({ '405': { description: 'Method Not Allowed' } });
    expect(text!.update).toEqual({
      '429': { description: 'Too Many Requests', content: { 'text/plain': { schema: { type: 'string' } } } },
    });
    expect(bytes!.update).toEqual({
      '413': { description: 'Payload Too Large', content: { 'application/octet-stream': {} } },
    });
  });

  test('a Swagger 2.0 spec gets its response with a schema and no content map', () => {
    const [action] = specGapOverlay([gap()], { ...spec, version: '3.0', convertedFrom: '2.0' }, redact).actions;
    expect(action!.update).toEqual({
      '404': {
        description: 'Not Found',
        schema: {
          type: 'object',
          required: ['error', 'token'],
          properties: { error: { type: 'string' }, token: { type: 'string' } },
        },
      },
    });
  });
});
