/**
 * A spec's fingerprint in reports: the SHA-256 of the document as read
 * (before dereferencing), so `plantkit report merge` can tell shards of one
 * spec from reports of another wherever the file was checked out.
 */
import { createHash } from 'node:crypto';
import type { LoadedSpec } from '../core/spec/types.js';

/** `sha256:` and the hex digest of the spec's document. */
export function specDigest(spec: Pick<LoadedSpec, 'rawDocument' | 'title' | 'apiVersion' | 'operations'>): string {
  // A spec given as a loaded object keeps no raw document: its title, version and operations stand for it.
  const identity = spec.rawDocument ?? {
    title: spec.title,
    version: spec.apiVersion,
    operations: spec.operations.map((operation) => `${operation.id} ${operation.method} ${operation.path}`),
  };
  return `sha256:${createHash('sha256').update(JSON.stringify(identity)).digest('hex')}`;
}
