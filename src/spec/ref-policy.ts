/**
 * Which external `$ref`s a spec may follow. A spec from a pull request must not
 * make CI read arbitrary files or URLs, so by default only files inside the
 * spec's own folder (and its sub-folders) are read; http(s) and anything
 * outside the folder are refused with a message naming the reference.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecError } from '../errors.js';

/** Resolver options for json-schema-ref-parser plus the first reference it refused. */
export interface RefPolicy {
  resolverOptions: Record<string, unknown>;
  refusal(): SpecError | undefined;
}

/**
 * The policy for a spec in `root`. `allowExternal` (the `--allow-external-refs`
 * flag) restores json-schema-ref-parser's default file and http resolvers.
 */
export function createRefPolicy(root: string, allowExternal: boolean): RefPolicy {
  let first: SpecError | undefined;
  const refuse = (target: string, why: string): never => {
    first ??= refused(target, why);
    throw first;
  };
  const resolver = {
    order: 1,
    canRead: true,
    async read(file: { url: string }): Promise<Buffer> {
      const target = file.url;
      if (/^[a-z][a-z0-9+.-]+:/i.test(target) && !target.startsWith('file:')) refuse(target, 'it is a URL');
      const filePath = target.startsWith('file:') ? fileURLToPath(target) : target;
      const relative = path.relative(root, filePath);
      if (relative.startsWith('..') || path.isAbsolute(relative)) refuse(target, `it leaves the spec's folder ${root}`);
      return readFile(filePath);
    },
  };
  return {
    resolverOptions: allowExternal ? {} : { file: false, http: false, plantkit: resolver },
    refusal: () => first,
  };
}

function refused(target: string, why: string): SpecError {
  return new SpecError('PLANTKIT_SPEC_REF_REFUSED', `external $ref to ${target} refused: ${why}`, {
    hint: 'inline the schema or move the file next to the spec; pass --allow-external-refs only for specs you trust',
  });
}
