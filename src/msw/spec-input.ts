/**
 * The spec MSW handlers serve, from whatever a test or a page has: a file
 * path (Node), a URL to fetch (a page: the spec the dev server serves), a
 * parsed document, or a spec loaded with `loadSpec`. Every way in ends in
 * the loader the CLI uses, so a spec that cannot be loaded throws the
 * PlantkitError `plantkit mock` prints.
 */
import { SpecError } from '../core/errors.js';
import { loadSpec } from '../core/spec/load-spec.js';
import { parseSpecSource } from '../core/spec/spec-source.js';
import type { LoadedSpec } from '../core/spec/types.js';

/** A file path (Node) or URL (browser), a `URL`, an OpenAPI document object, or a loaded spec. */
export type MswSpec = string | URL | Record<string, unknown> | LoadedSpec;

/** What a bare string names: a file (Node, as everywhere in plantkit) or a URL (a page, which has no files). */
export type SpecStrings = 'file' | 'url';

/** The spec for `buildMockState`: a path it loads itself, or a loaded spec. */
export async function readMswSpec(
  spec: MswSpec,
  strings: SpecStrings,
  location: string | undefined,
): Promise<string | LoadedSpec> {
  if (typeof spec === 'string' && strings === 'file') return spec;
  if (typeof spec === 'string' || spec instanceof URL) return fetchSpec(new URL(spec, location));
  if (isLoadedSpec(spec)) return spec;
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    throw new SpecError(
      'PLANTKIT_SPEC_INVALID',
      'createHandlers needs a spec: a file path, a URL, an OpenAPI document object or a loaded spec',
    );
  return loadSpec({ document: spec, source: '<inline>' }, { isolateUnresolvedRefs: true });
}

function isLoadedSpec(spec: object): spec is LoadedSpec {
  return 'operations' in spec && Array.isArray(spec.operations) && 'document' in spec && 'rawDocument' in spec;
}

/** Fetch and parse the spec at `url` (YAML or JSON); its relative `$ref`s are not followed. */
async function fetchSpec(url: URL): Promise<LoadedSpec> {
  if (url.protocol === 'file:') return loadSpec(decodeURIComponent(url.pathname), { isolateUnresolvedRefs: true });
  let text: string;
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    text = await response.text();
  } catch (error) {
    throw new SpecError('PLANTKIT_SPEC_UNREADABLE', `cannot fetch spec ${url.href}: ${(error as Error).message}`, {
      hint: 'pass the URL the spec is served at, or the parsed document',
    });
  }
  const source = parseSpecSource(text, url.pathname, url.href);
  return loadSpec({ document: source.document, source: url.href }, { isolateUnresolvedRefs: true });
}
