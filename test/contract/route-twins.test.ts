/** Operations on one route (paths that differ only in template names) are named once, before the summary. */
import { describe, expect, test } from 'vitest';
import { routeTwinNotes } from '../../src/contract/route-twins.js';
import type { Operation } from '../../src/core/spec/types.js';

/** Just what the note reads of an operation. */
const op = (method: string, path: string, id: string) => ({ method, path, id }) as Operation;

describe('routeTwinNotes', () => {
  test.each([
    ['distinct routes', [op('GET', '/plants', 'list'), op('GET', '/plants/{id}', 'read')], []],
    [
      'one path, two methods, each keeping its names (no twins)',
      [op('GET', '/items/{key}', 'read'), op('DELETE', '/items/{id}', 'remove')],
      [],
    ],
    ['a literal beside a template is another route', [op('GET', '/v2/{name}', 'a'), op('GET', '/v2/entries', 'b')], []],
    [
      "Google Logging's sinks and metrics",
      [
        op('PUT', '/v2/{metricName}', 'logging.projects.metrics.update'),
        op('GET', '/v2/{sinkName}', 'logging.sinks.get'),
        op('PUT', '/v2/{sinkName}', 'logging.sinks.update'),
      ],
      [
        'PUT /v2/{metricName} (logging.projects.metrics.update), PUT /v2/{sinkName} (logging.sinks.update) are one route: ' +
          'only their template names differ (OAS 3.1.0 section 4.8.8.2), so a server cannot tell which operation a ' +
          'request means, and a verdict on one may be about the other; give them distinct paths (plantkit spec check ' +
          'reports path-templates-distinct)',
      ],
    ],
  ])('%s', (_name, operations, want) => {
    expect(routeTwinNotes(operations)).toEqual(want);
  });
});
