// `node:path` in the browser build: POSIX paths, enough for spec labels, media type lookups and `$ref` roots.
export const sep = '/';

export function normalize(path) {
  const absolute = path.startsWith('/');
  const parts = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts.at(-1) !== '..') parts.pop();
    else if (part !== '..' || !absolute) parts.push(part);
  }
  const joined = parts.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function join(...parts) {
  return normalize(parts.filter((part) => part !== '').join('/'));
}

export function resolve(...parts) {
  let resolved = '';
  for (const part of parts) resolved = part.startsWith('/') ? part : `${resolved}/${part}`;
  return normalize(resolved.startsWith('/') ? resolved : `/${resolved}`);
}

export function isAbsolute(path) {
  return path.startsWith('/');
}

export function dirname(path) {
  const index = path.replace(/\/+$/, '').lastIndexOf('/');
  return index < 0 ? '.' : index === 0 ? '/' : path.slice(0, index);
}

export function basename(path, extension) {
  const base = path.replace(/\/+$/, '').split('/').at(-1) ?? '';
  return extension && base.endsWith(extension) ? base.slice(0, -extension.length) : base;
}

export function extname(path) {
  const base = basename(path);
  const index = base.lastIndexOf('.');
  return index <= 0 ? '' : base.slice(index);
}

export function relative(from, to) {
  const source = resolve(from).split('/').filter(Boolean);
  const target = resolve(to).split('/').filter(Boolean);
  let common = 0;
  while (common < source.length && source[common] === target[common]) common += 1;
  return [...source.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

const path = { sep, normalize, join, resolve, isAbsolute, dirname, basename, extname, relative };
path.posix = path;
export const posix = path;
export default path;
