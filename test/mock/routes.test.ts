import { expect, test } from 'vitest';
import { createRouter } from '../../src/mock/routes.js';
import type { Operation } from '../../src/spec/types.js';

const operation = (method: string, path: string): Operation => ({ id: `${method} ${path}`, method, path, pointer: '', summary: undefined, parameters: [], requestBody: undefined, responses: [], security: [] });
const route = createRouter([operation('POST', '/plants'), operation('GET', '/plants/{id}'), operation('GET', '/plants/mine'), operation('DELETE', '/plants/{id}')]);

test.each([
  ['exact path', 'POST', '/plants', { kind: 'found', id: 'POST /plants', params: {} }],
  ['templated path with a decoded parameter', 'GET', '/plants/a%20b', { kind: 'found', id: 'GET /plants/{id}', params: { id: 'a b' } }],
  ['concrete path before the template (OAS 4.8.8)', 'GET', '/plants/mine', { kind: 'found', id: 'GET /plants/mine', params: {} }],
  ['method names are case-insensitive here', 'post', '/plants', { kind: 'found', id: 'POST /plants', params: {} }],
  ['no such method', 'PUT', '/plants/7', { kind: 'no-method', allow: ['GET', 'DELETE'] }],
  ['no such path', 'GET', '/trees', { kind: 'no-path' }],
  ['an empty parameter is no match', 'POST', '/plants/', { kind: 'no-path' }],
  ['no prefix matches', 'POST', '/plantsx', { kind: 'no-path' }],
])('%s', (_name, method, path, want) => {
  const result = route(method, path);
  if (result.kind === 'found') expect({ kind: result.kind, id: result.operation.id, params: result.pathParameters }).toEqual(want);
  else expect(result).toEqual(want);
});
