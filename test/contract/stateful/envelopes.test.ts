/**
 * Items answered inside an envelope (`{certificate: {...}, action: {...}}`,
 * as Hetzner Cloud and DigitalOcean answer): the stateful phase takes the new
 * item's id from the envelope's member, reaches the real item by it, and
 * compares what the read's envelope carries. A correct server passes; a
 * server that changes what it stores, or keeps what it deleted, fails, with
 * the place named inside the envelope.
 */
import type { ServerResponse } from 'node:http';
import { describe, expect, test } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { loadSpec } from '../../../src/core/spec/load-spec.js';
import { startUpstream, type UpstreamHandler } from '../../support/upstream.js';

const SPEC = 'test/fixtures/stateful/envelopes-3.0.yaml';

type Bug = 'none' | 'renames' | 'keeps-deleted';

interface Certificate {
  id: number;
  name: string;
  domain_names: string[];
  created: string;
}

/** The certificates of the fixture, answered in envelopes; `bug` plants one fault. */
function certificatesHandler(bug: Bug): UpstreamHandler {
  const certificates = new Map<number, Certificate>();
  let serial = 0;
  const send = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const served = (certificate: Certificate) =>
    bug === 'renames' ? { ...certificate, name: `${certificate.name}.` } : certificate;
  return (request, response) => {
    const [path, query = ''] = request.target.split('?') as [string, string?];
    const body = (() => {
      try {
        return JSON.parse(request.body.toString()) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    })();
    if (path === '/certificates' && request.method === 'GET') {
      const perPage = Number(new URLSearchParams(query).get('per_page') ?? 25);
      const page = Number(new URLSearchParams(query).get('page') ?? 1);
      const all = [...certificates.values()].map(served);
      return send(response, 200, {
        certificates: all.slice((page - 1) * perPage, page * perPage),
        meta: { pagination: { page, per_page: perPage } },
      });
    }
    if (path === '/certificates' && request.method === 'POST') {
      if (typeof body?.name !== 'string' || body.name.length === 0 || body.name.length > 40)
        return send(response, 400, { error: 'name' });
      serial += 1;
      const domains = Array.isArray(body.domain_names) ? (body.domain_names as string[]) : [];
      const certificate = { id: serial, name: body.name, domain_names: domains, created: '2024-05-01T12:00:00Z' };
      certificates.set(serial, certificate);
      return send(response, 201, {
        certificate: served(certificate),
        action: { id: serial, command: 'create_certificate', status: 'running' },
      });
    }
    const match = /^\/certificates\/(\d+)$/.exec(path);
    const certificate = match ? certificates.get(Number(match[1])) : undefined;
    if (!match || !certificate) return send(response, 404);
    if (request.method === 'GET') return send(response, 200, { certificate: served(certificate) });
    if (request.method === 'PUT') {
      if (body?.name !== undefined && (typeof body.name !== 'string' || body.name.length === 0))
        return send(response, 400, { error: 'name' });
      if (typeof body?.name === 'string') certificate.name = body.name;
      return send(response, 200, { certificate: served(certificate) });
    }
    if (request.method === 'DELETE') {
      if (bug !== 'keeps-deleted') certificates.delete(certificate.id);
      return send(response, 204);
    }
    return send(response, 405);
  };
}

async function runAgainst(bug: Bug) {
  const server = await startUpstream(certificatesHandler(bug));
  try {
    const result = await runContract({
      baseUrl: server.url,
      spec: await loadSpec(SPEC),
      contracts: false,
      seed: 5,
      phases: ['stateful'],
      only: ['createCertificate/stateful'],
    });
    const failures = result.results.flatMap((item) =>
      item.findings
        .filter((finding) => finding.class === 'failure')
        .map((finding) => `${finding.check} ${finding.pointer}`),
    );
    // Steps that reached an item the server had created: a 200 on /certificates/<its id>.
    const reads = result.results.flatMap(
      (item) =>
        item.sequence?.steps.filter(
          (step) => /^\/certificates\/\d+$/.test(new URL(step.url).pathname) && step.status === 200,
        ) ?? [],
    );
    return { failures: [...new Set(failures)].sort(), reads };
  } finally {
    await server.close();
  }
}

describe('items in envelopes, against a real server on port 0', () => {
  test('a correct server passes, and the steps reach the items it created by their ids', async () => {
    const { failures, reads } = await runAgainst('none');
    expect(failures).toEqual([]);
    expect(reads.length).toBeGreaterThan(0);
  });

  test.each([
    ['renames', 'stored-equals-sent /certificate/name'],
    ['keeps-deleted', 'use-after-delete'],
  ] as const)('a server that %s fails, named inside the envelope', async (bug, wanted) => {
    const { failures } = await runAgainst(bug);
    expect(failures.some((failure) => failure.startsWith(wanted))).toBe(true);
  });
});
