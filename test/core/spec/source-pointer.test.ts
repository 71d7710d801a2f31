/** Pointers through the dereferenced document mapped back to where they are written. */
import { describe, expect, it } from 'vitest';
import { sourcePointer } from '../../../src/core/spec/source-pointer.js';

const raw = {
  paths: {
    '/plants': {
      post: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPlant' } } } },
        responses: { '200': { $ref: '#/components/responses/Ok' } },
      },
    },
  },
  components: {
    schemas: {
      NewPlant: { allOf: [{ $ref: '#/components/schemas/Plant' }, { properties: { id: { type: 'integer' } } }] },
      Plant: { properties: { name: { type: 'string' } } },
      Node: { $ref: './other.yaml#/Node' },
    },
    responses: { Ok: { description: 'ok', content: {} } },
  },
};

describe('sourcePointer', () => {
  it.each([
    [
      'a pointer with no $ref on its way',
      '/components/schemas/Plant/properties/name',
      '/components/schemas/Plant/properties/name',
      true,
    ],
    [
      'through a schema $ref',
      '/paths/~1plants/post/requestBody/content/application~1json/schema/allOf/1/properties/id',
      '/components/schemas/NewPlant/allOf/1/properties/id',
      true,
    ],
    [
      'through two $refs',
      '/paths/~1plants/post/requestBody/content/application~1json/schema/allOf/0/properties/name',
      '/components/schemas/Plant/properties/name',
      true,
    ],
    [
      'through a response $ref',
      '/paths/~1plants/post/responses/200/description',
      '/components/responses/Ok/description',
      true,
    ],
    ['the $ref node itself', '/paths/~1plants/post/responses/200', '/paths/~1plants/post/responses/200', true],
    [
      'a missing node: its nearest ancestor',
      '/paths/~1plants/post/requestBody/content/application~1json/schema/properties/gone',
      '/components/schemas/NewPlant',
      false,
    ],
    ['an external $ref: the $ref node', '/components/schemas/Node/properties/next', '/components/schemas/Node', false],
    ['the root', '', '', true],
  ])('%s', (_name, pointer, written, exact) => {
    expect(sourcePointer(raw, pointer)).toEqual({ pointer: written, exact });
  });
});
