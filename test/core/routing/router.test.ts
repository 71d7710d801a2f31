import { describe, expect, test } from 'vitest';
import { createRouter } from '../../../src/core/routing/router.js';
import type { Operation } from '../../../src/core/spec/types.js';

const operation = (method: string, path: string): Operation => ({
  id: `${method} ${path}`,
  method,
  path,
  pointer: '',
  summary: undefined,
  parameters: [],
  requestBody: undefined,
  responses: [],
  security: [],
  deprecated: false,
  tags: [],
});
const route = createRouter([
  operation('POST', '/plants'),
  operation('GET', '/plants/{id}'),
  operation('GET', '/plants/mine'),
  operation('DELETE', '/plants/{id}'),
]);

test.each([
  ['exact path', 'POST', '/plants', { kind: 'found', id: 'POST /plants', params: {} }],
  [
    'templated path with a decoded parameter',
    'GET',
    '/plants/a%20b',
    { kind: 'found', id: 'GET /plants/{id}', params: { id: 'a b' } },
  ],
  [
    'concrete path before the template (OAS 4.8.8)',
    'GET',
    '/plants/mine',
    { kind: 'found', id: 'GET /plants/mine', params: {} },
  ],
  ['method names are case-insensitive here', 'post', '/plants', { kind: 'found', id: 'POST /plants', params: {} }],
  ['no such method', 'PUT', '/plants/7', { kind: 'no-method', allow: ['GET', 'DELETE'] }],
  ['no such path', 'GET', '/trees', { kind: 'no-path' }],
  ['an empty parameter is no match', 'POST', '/plants/', { kind: 'no-path' }],
  ['no prefix matches', 'POST', '/plantsx', { kind: 'no-path' }],
])('%s', (_name, method, path, want) => {
  const result = route(method, path);
  if (result.kind === 'found')
    expect({ kind: result.kind, id: result.operation.id, params: result.pathParameters }).toEqual(want);
  else expect(result).toEqual(want);
});

describe('issue 10 item 13: routing by path and method, query keys, specificity, encoded paths, server prefix', () => {
  const routeOf = createRouter(
    [
      operation('DELETE', '/v13/deployments/{id}'),
      operation('GET', '/v13/deployments/{idOrUrl}'),
      operation('GET', '/export?filename={filename}'),
      operation('GET', '/export?format=csv&filename={filename}'),
      operation('GET', '/a/{x}/c'),
      operation('GET', '/a/b/{y}'),
      operation('GET', '/test path'),
      operation('GET', '/files/{name}.{ext}'),
      operation('POST', '/#X-Amz-Target=Service.Create'),
      operation('POST', '/#X-Amz-Target=Service.Delete'),
      operation('GET', '/connectors/{arn}'),
      operation('GET', '/connectors/{arn}#currentVersion'),
      operation('GET', '/v1/{name}'),
      operation('POST', '/file'),
      operation('POST', '/{id}/file'),
      operation('GET', '/v1/{resource}:getIamPolicy'),
    ],
    { basePaths: ['/v1'] },
  );
  const found = (method: string, target: string) => {
    const result = routeOf(method, target);
    return result.kind === 'found' ? { id: result.operation.id, params: result.pathParameters } : result;
  };
  test.each([
    [
      'templates differing only in the parameter name route by method (GET)',
      'GET',
      '/v13/deployments/abc',
      { id: 'GET /v13/deployments/{idOrUrl}', params: { idOrUrl: 'abc' } },
    ],
    [
      'templates differing only in the parameter name route by method (DELETE)',
      'DELETE',
      '/v13/deployments/abc',
      { id: 'DELETE /v13/deployments/{id}', params: { id: 'abc' } },
    ],
    [
      '405 lists the methods of both templates',
      'PUT',
      '/v13/deployments/abc',
      { kind: 'no-method', allow: ['DELETE', 'GET'] },
    ],
    [
      'a path key with a query part matches on its query parameter',
      'GET',
      '/export?filename=a.csv',
      { id: 'GET /export?filename={filename}', params: {} },
    ],
    [
      'more query conditions win when they hold',
      'GET',
      '/export?filename=a&format=csv',
      { id: 'GET /export?format=csv&filename={filename}', params: {} },
    ],
    [
      'a literal query value must be equal',
      'GET',
      '/export?filename=a&format=xml',
      { id: 'GET /export?filename={filename}', params: {} },
    ],
    ['a query key without its parameter does not match', 'GET', '/export', { kind: 'no-path' }],
    ['literal segments win left to right', 'GET', '/a/b/c', { id: 'GET /a/b/{y}', params: { y: 'c' } }],
    [
      'percent-encoded segments are decoded before matching',
      'GET',
      '/test%20path',
      { id: 'GET /test path', params: {} },
    ],
    [
      'several parameters in one segment',
      'GET',
      '/files/report.final.pdf',
      { id: 'GET /files/{name}.{ext}', params: { name: 'report', ext: 'final.pdf' } },
    ],
    ['the server path may prefix every path', 'GET', '/v1/a/b/c', { id: 'GET /a/b/{y}', params: { y: 'c' } }],
    [
      'a concrete path under the server path wins over a templated match of the whole path (presalytics.io)',
      'POST',
      '/v1/file',
      { id: 'POST /file', params: {} },
    ],
    [
      'the templated path still matches without the server path',
      'POST',
      '/abc/file',
      { id: 'POST /{id}/file', params: { id: 'abc' } },
    ],
    ['a malformed escape is no match, not a crash', 'GET', '/a/%E0%A4%A/c', { kind: 'no-path' }],
    [
      'a fragment key naming a query parameter (AWS style)',
      'GET',
      '/connectors/c1?currentVersion=3',
      { id: 'GET /connectors/{arn}#currentVersion', params: { arn: 'c1' } },
    ],
    ['without it, the plain template', 'GET', '/connectors/c1', { id: 'GET /connectors/{arn}', params: { arn: 'c1' } }],
    [
      'a segment with literal text beats a bare parameter (Google style)',
      'GET',
      '/v1/topics:getIamPolicy',
      { id: 'GET /v1/{resource}:getIamPolicy', params: { resource: 'topics' } },
    ],
    ['the bare parameter takes the rest', 'GET', '/v1/topics', { id: 'GET /v1/{name}', params: { name: 'topics' } }],
  ])('%s', (_name, method, target, want) => {
    expect(found(method, target)).toEqual(want);
  });

  test.each([
    ['Service.Create', 'POST /#X-Amz-Target=Service.Create'],
    ['Service.Delete', 'POST /#X-Amz-Target=Service.Delete'],
  ])('a fragment key naming a header value (X-Amz-Target: %s)', (target, id) => {
    const result = routeOf('POST', '/', { 'x-amz-target': target });
    expect(result.kind === 'found' && result.operation.id).toBe(id);
  });
});

test('specificity does not depend on spec order (a consistent order over templates of different lengths)', () => {
  const templates = [
    '/orgs/{org}/runners',
    '/orgs/{org}/runners/downloads',
    '/orgs/{org}/runners/{id}',
    '/orgs/{org}/runners/{id}/labels',
    '/orgs/{org}/runners/registration-token',
    '/orgs',
    '/{any}/runners/downloads',
    '/orgs/{org}',
  ];
  for (let shift = 0; shift < templates.length; shift += 1) {
    const order = [...templates.slice(shift), ...templates.slice(0, shift)].reverse();
    const routeOf = createRouter(order.map((template) => operation('GET', template)));
    const idOf = (target: string) => {
      const result = routeOf('GET', target);
      return result.kind === 'found' ? result.operation.path : result.kind;
    };
    expect([
      idOf('/orgs/x/runners/downloads'),
      idOf('/orgs/x/runners/7'),
      idOf('/teams/runners/downloads'),
      idOf('/orgs/x/runners/registration-token'),
    ]).toEqual([
      '/orgs/{org}/runners/downloads',
      '/orgs/{org}/runners/{id}',
      '/{any}/runners/downloads',
      '/orgs/{org}/runners/registration-token',
    ]);
  }
});

describe('HEAD is GET without the body (RFC 9110 section 9.3.2)', () => {
  const routeOf = createRouter(
    [
      operation('GET', '/plants/{id}'),
      operation('HEAD', '/seeds'),
      operation('GET', '/seeds'),
      operation('POST', '/orders'),
      operation('GET', '/a/b/{y}'),
    ],
    { basePaths: ['/v1'] },
  );
  const found = (method: string, target: string) => {
    const result = routeOf(method, target);
    return result.kind === 'found' ? { id: result.operation.id, params: result.pathParameters } : result;
  };
  test.each([
    ['HEAD finds the GET operation', 'HEAD', '/plants/7', { id: 'GET /plants/{id}', params: { id: '7' } }],
    ['under the server path too', 'HEAD', '/v1/a/b/c', { id: 'GET /a/b/{y}', params: { y: 'c' } }],
    ['a documented HEAD wins over GET', 'HEAD', '/seeds', { id: 'HEAD /seeds', params: {} }],
    ['in any case of the method name', 'head', '/plants/7', { id: 'GET /plants/{id}', params: { id: '7' } }],
    ['no GET there: 405 with the methods of the path', 'HEAD', '/orders', { kind: 'no-method', allow: ['POST'] }],
    ['no path: 404', 'HEAD', '/trees', { kind: 'no-path' }],
    ['only HEAD falls back', 'OPTIONS', '/plants/7', { kind: 'no-method', allow: ['GET'] }],
  ])('%s', (_name, method, target, want) => {
    expect(found(method, target)).toEqual(want);
  });
});
