/**
 * Which external `$ref`s a spec may follow. A spec from a pull request must not
 * make CI read arbitrary files or URLs, so by default only files inside the
 * spec's own folder (and its sub-folders) are read; http(s) and anything
 * outside the folder are refused with a message naming the reference.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecError } from '../errors.js';

/** Reads the file a `$ref` names (an absolute path); the default reads the disk. */
export type RefReader = (absolutePath: string) => Promise<Buffer>;

/**
 * Resolver options for json-schema-ref-parser. `allowExternal` (the
 * `--allow-external-refs` flag) restores its default file and http resolvers.
 * `read` replaces the disk, e.g. to read referenced files from a git revision.
 * Refusals are also pushed to `refusals`: json-schema-ref-parser wraps a
 * resolver's error in a ResolverError that keeps neither its message nor its code.
 */
export function refResolverOptions(
  root: string,
  allowExternal: boolean,
  read: RefReader = readFile,
  refusals: SpecError[] = [],
): Record<string, unknown> {
  if (allowExternal) return {};
  return { file: false, http: false, plantkit: folderResolver(root, read, refusals) };
}

/** Reads local files inside `root`; refuses URLs and anything outside. */
function folderResolver(root: string, read: RefReader, refusals: SpecError[]) {
  return {
    order: 1,
    canRead: true,
    async read(file: { url: string }): Promise<Buffer> {
      const target = file.url;
      const refuse = (why: string) => {
        const error = refused(target, why);
        refusals.push(error);
        return error;
      };
      if (/^[a-z][a-z0-9+.-]+:/i.test(target) && !target.startsWith('file:')) throw refuse('it is a URL');
      const filePath = target.startsWith('file:') ? fileURLToPath(target) : target;
      if (leaves(root, filePath)) throw refuse(`it leaves the spec's folder ${root}`);
      // On disk, a symbolic link inside the folder may point outside it: judge where it leads.
      if (read === readFile && leaves(await realOrSame(root), await realOrSame(filePath)))
        throw refuse(`it is a link that leads out of the spec's folder ${root}`);
      return read(filePath);
    },
  };
}

function leaves(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative.startsWith('..') || path.isAbsolute(relative);
}

/** The path with links resolved; the path itself when it does not exist (the read then fails with its own message). */
async function realOrSame(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return file;
  }
}

function refused(target: string, why: string): SpecError {
  return new SpecError('PLANTKIT_SPEC_REF_REFUSED', `external $ref to ${target} refused: ${why}`, {
    hint: 'inline the schema or move the file next to the spec; pass --allow-external-refs only for specs you trust',
  });
}
