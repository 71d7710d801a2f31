/**
 * Reading a Spectral ruleset file (`.spectral.yaml`, `.spectral.yml`,
 * `.spectral.json`). Most projects' rulesets say "extend spectral:oas and
 * change a few severities"; that definition is built here in memory. Rulesets
 * that need more (custom functions, other files, overrides, aliases) are left
 * to Spectral's own bundler, which understands the full format.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { RulesetError } from '../../core/errors.js';
import { parseYamlSource } from '../../core/yaml/yaml-source.js';

/** File names Spectral itself looks for, in its order. */
const RULESET_FILE_NAMES = ['.spectral.yaml', '.spectral.yml', '.spectral.json'] as const;

/** Spectral's rule severities as a ruleset may write them (Spectral docs, "Rulesets: rules"). */
const SEVERITY_VALUES = new Set<unknown>(['error', 'warn', 'info', 'hint', 'off', true, false, -1, 0, 1, 2, 3]);
/** Severities of an `extends` entry. */
const EXTEND_SEVERITIES = new Set<unknown>(['off', 'recommended', 'all']);
const BUILT_IN_OAS = 'spectral:oas';

/** How built-in rulesets are provided (loaded lazily: they are large). */
export interface BuiltInRulesets {
  oas(): unknown;
}

/**
 * The in-memory definition of a simple ruleset, or undefined when the file
 * needs Spectral's bundler. Throws a RulesetError when the file cannot be read.
 */
export async function loadRulesetDefinition(
  file: string,
  builtIns: BuiltInRulesets,
): Promise<Record<string, unknown> | undefined> {
  if (/\.(c|m)?js$/.test(file)) return undefined;
  const value = await readRulesetFile(file);
  await refuseRemoteExtends(file, value, new Set([file]));
  if (Object.keys(value).some((key) => key !== 'extends' && key !== 'rules')) return undefined;
  const extendsList = simpleExtends(value.extends);
  const rules = value.rules === undefined ? {} : value.rules;
  if (!extendsList || !isRecord(rules) || !Object.values(rules).every((rule) => SEVERITY_VALUES.has(rule)))
    return undefined;
  return { extends: extendsList.map(([, severity]) => [builtIns.oas(), severity]), rules };
}

async function readRulesetFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new RulesetError(`cannot read Spectral ruleset ${file}: ${reason}`);
  }
  const parsed = parseYamlSource(text);
  if (!parsed.ok) {
    const at = parsed.problem.position ? `:${parsed.problem.position.line}:${parsed.problem.position.column}` : '';
    throw new RulesetError(`${file}${at}: not valid YAML or JSON: ${parsed.problem.message}`);
  }
  if (!isRecord(parsed.source.value)) throw new RulesetError(`${file}: a Spectral ruleset must be a mapping`);
  return parsed.source.value;
}

/**
 * Spectral's bundler converts YAML rulesets with its migrator, which fetches
 * `extends` URLs itself (it is not given the bundler's fetch). So URLs are
 * refused here, in this file and in the YAML/JSON files it extends.
 */
async function refuseRemoteExtends(file: string, ruleset: Record<string, unknown>, seen: Set<string>): Promise<void> {
  const entries =
    ruleset.extends === undefined ? [] : Array.isArray(ruleset.extends) ? ruleset.extends : [ruleset.extends];
  for (const entry of entries) {
    const target = Array.isArray(entry) ? entry[0] : entry;
    if (typeof target !== 'string') continue;
    if (/^https?:\/\//i.test(target)) {
      throw new RulesetError(
        `${file}: plantkit does not fetch rulesets over the network (${target})`,
        'download the ruleset next to your .spectral.yaml and extend the local file',
      );
    }
    if (!/^\.{0,2}\//.test(target) || !/\.(ya?ml|json)$/i.test(target)) continue;
    const local = path.resolve(path.dirname(file), target);
    if (seen.has(local)) continue;
    seen.add(local);
    await refuseRemoteExtends(local, await readRulesetFile(local), seen);
  }
}

/** Find the ruleset for a spec: next to the spec first, then the working directory. */
export async function findRulesetFile(specPath: string, cwd: string): Promise<string | undefined> {
  for (const folder of [...new Set([path.dirname(specPath), cwd])]) {
    for (const name of RULESET_FILE_NAMES) {
      const candidate = path.join(folder, name);
      const found = await stat(candidate).then(
        (info) => info.isFile(),
        () => false,
      );
      if (found) return candidate;
    }
  }
  return undefined;
}

/** `spectral:oas`, `[spectral:oas]` or `[[spectral:oas, all]]`: the only extends the fast path builds. */
function simpleExtends(raw: unknown): Array<[string, string]> | undefined {
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  const entries: Array<[string, string]> = [];
  for (const entry of list) {
    if (entry === BUILT_IN_OAS) entries.push([BUILT_IN_OAS, 'recommended']);
    else if (Array.isArray(entry) && entry[0] === BUILT_IN_OAS && EXTEND_SEVERITIES.has(entry[1]) && entry.length === 2)
      entries.push([BUILT_IN_OAS, String(entry[1])]);
    else return undefined;
  }
  return entries;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
