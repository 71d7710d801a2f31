/**
 * A server whose ids do not fit its own path parameter (Telnyx answers an
 * ip's id as an int64 string and documents `{id}` as a uuid): steps on such
 * an item would send requests the spec calls invalid, so they are not sent,
 * the sequence is skipped with the reason, and nothing fails. The same
 * server with a path parameter that fits its ids is followed as usual.
 */
import type { ServerResponse } from 'node:http';
import { expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import { startUpstream, type UpstreamHandler } from '../../support/upstream.js';

const IP = {
  type: 'object',
  required: ['id', 'address'],
  properties: { id: { type: 'string', format: 'int64', readOnly: true }, address: { type: 'string' } },
};
const json = { 'application/json': { schema: IP } };

function spec(idParameter: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title: 'Ips', version: '1' },
    paths: {
      '/ips': {
        post: {
          operationId: 'createIp',
          requestBody: { required: true, content: json },
          responses: { '201': { description: 'Created', content: json } },
        },
      },
      '/ips/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: idParameter }],
        get: {
          operationId: 'getIp',
          responses: { '200': { description: 'The ip', content: json }, '404': { description: 'None' } },
        },
        delete: {
          operationId: 'deleteIp',
          responses: { '204': { description: 'Deleted' }, '404': { description: 'None' } },
        },
      },
    },
  };
}

/** A correct ips server: ids 1, 2, 3... as text; anything that is not a number is a 400, as a typed route answers. */
function ipsHandler(): UpstreamHandler {
  const ips = new Map<string, { id: string; address: string }>();
  let serial = 0;
  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  return (request, response) => {
    const path = request.target.split('?')[0]!;
    if (path === '/ips' && request.method === 'POST') {
      serial += 1;
      const written = JSON.parse(request.body.toString()) as { address?: unknown };
      const ip = { id: String(serial), address: String(written.address ?? '') };
      ips.set(ip.id, ip);
      return send(response, 201, ip);
    }
    const match = /^\/ips\/([^/]+)$/.exec(path);
    if (!match) return send(response, 404);
    if (!/^\d+$/.test(match[1]!)) return send(response, 400, { error: 'id must be a number' });
    const ip = ips.get(match[1]!);
    if (request.method === 'GET') return ip ? send(response, 200, ip) : send(response, 404);
    if (request.method === 'DELETE') return ips.delete(match[1]!) ? send(response, 204) : send(response, 404);
    return send(response, 405);
  };
}

async function run(idParameter: Record<string, unknown>) {
  const server = await startUpstream(ipsHandler());
  try {
    const result = await runContract({
      baseUrl: server.url,
      spec: await loadSpec({ document: spec(idParameter) }),
      contracts: false,
      seed: 4,
      phases: ['stateful'],
      only: ['createIp/stateful'],
    });
    return {
      failures: result.results.flatMap((item) =>
        item.findings.filter((finding) => finding.class === 'failure').map((finding) => finding.message),
      ),
      skipped: result.results.filter((item) => item.verdict === 'skipped').map((item) => item.case.skip ?? ''),
      passed: result.results.filter((item) => item.verdict === 'passed').length,
      itemUrls: result.results.flatMap(
        (item) => item.sequence?.steps.filter((step) => /\/ips\/./.test(step.url)).map((step) => step.url) ?? [],
      ),
    };
  } finally {
    await server.close();
  }
}

test('ids that the path parameter refuses: no step on them is sent, the sequences say why, nothing fails', async () => {
  const { failures, skipped, itemUrls } = await run({ type: 'string', format: 'uuid' });
  expect(failures).toEqual([]);
  expect(itemUrls).toEqual([]);
  expect(skipped.length).toBeGreaterThan(0);
  expect(skipped[0]).toMatch(/the id "1" the server gave does not fit the path parameter 'id' of getIp .*uuid/);
});

test('the same server, with a path parameter its ids fit: the items are followed and pass', async () => {
  const { failures, skipped, passed, itemUrls } = await run({ type: 'string' });
  expect([failures, skipped]).toEqual([[], []]);
  expect(passed).toBeGreaterThan(0);
  expect(itemUrls.length).toBeGreaterThan(0);
});
