/**
 * Spectral: the one module that imports it. Spectral is
 * loaded on first use (other commands never pay its start-up), never touches
 * the network (a ruleset URL is refused; the document's `$ref`s are those
 * plantkit's own `$ref` policy already let through) and hands back plain
 * diagnostics.
 */
import { readFile } from 'node:fs/promises';
import type { ISpectralDiagnostic, Ruleset, RulesetDefinition } from '@stoplight/spectral-core';
import { RulesetError } from '../../core/errors.js';
import { encodePointer } from '../../core/json/json-pointer.js';
import { DEFAULT_RULE_SEVERITIES } from './default-ruleset.js';
import { loadRulesetDefinition } from './ruleset-file.js';
import { loadSpectral, type SpectralParts } from './spectral-loader.js';

/** One Spectral result. */
export interface LintDiagnostic {
  /** Spectral rule name, e.g. `operation-tags`. */
  code: string;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  /** JSON pointer of the node Spectral reports. */
  pointer: string;
  /** File the result is in (the spec, or a file it `$ref`s). */
  file: string;
  line: number;
  column: number;
}

/** What to lint with. */
export interface LintRequest {
  /** The spec text and its absolute path. */
  text: string;
  file: string;
  /** A Spectral ruleset file; undefined: plantkit's built-in policy (default-ruleset.ts). */
  rulesetFile: string | undefined;
  /** Rules turned off whatever the ruleset says, because another plantkit check owns the problem. */
  disabledRules: readonly string[];
}

/** Lint `request.text` with Spectral; throws a RulesetError for a ruleset it cannot load. */
export async function lintWithSpectral(request: LintRequest): Promise<LintDiagnostic[]> {
  const spectralParts = loadSpectral();
  const { core, Yaml } = spectralParts;
  const ruleset = await loadRuleset(spectralParts, request.rulesetFile);
  for (const id of request.disabledRules) {
    const rule = ruleset.rules[id];
    if (rule) rule.enabled = false;
  }
  const spectral = new core.Spectral();
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new core.Document(request.text, Yaml, request.file), {
    ignoreUnknownFormat: false,
  });
  return results
    .filter((result) => !request.disabledRules.includes(String(result.code)))
    .map((result) => toDiagnostic(result, request.file));
}

/**
 * A ruleset that only extends `spectral:oas` and sets severities is built
 * directly (the same definition Spectral's bundler would produce, without
 * loading rollup); anything else (custom functions, other files, overrides)
 * goes through Spectral's own ruleset bundler.
 */
async function loadRuleset(spectral: SpectralParts, file: string | undefined): Promise<Ruleset> {
  const { core } = spectral;
  const oas = () => spectral.oas;
  const definition =
    file === undefined
      ? { extends: [[oas(), 'recommended']], rules: { ...DEFAULT_RULE_SEVERITIES } }
      : await loadRulesetDefinition(file, { oas });
  try {
    if (definition)
      return withoutRulesetSelfCheck(
        spectral,
        () =>
          new core.Ruleset(definition as RulesetDefinition, {
            severity: 'recommended',
            ...(file ? { source: file } : {}),
          }),
      );
    return await bundledRuleset(spectral, file!);
  } catch (error) {
    throw new RulesetError(`invalid Spectral ruleset ${file ?? 'plantkit default'}: ${describeRulesetError(error)}`);
  }
}

/**
 * Spectral validates every ruleset definition against its own meta-schema
 * when it builds one, compiling that schema with Ajv on each start (about
 * 0.45 s, half of a cold `spec check`). The definitions built in memory here
 * are Spectral's own `spectral:oas` plus severities that ruleset-file.ts
 * has already checked value by value, so that self-check is skipped for
 * them; rulesets from the bundler (custom functions, other files) keep it.
 */
function withoutRulesetSelfCheck<T>({ assertions }: SpectralParts, build: () => T): T {
  const original = assertions.assertValidRuleset;
  assertions.assertValidRuleset = () => {};
  try {
    return build();
  } finally {
    assertions.assertValidRuleset = original;
  }
}

/** Spectral throws an AggregateError of ruleset validation errors; one line of the first is enough. */
function describeRulesetError(error: unknown): string {
  const first = (error as { errors?: unknown[] }).errors?.[0] ?? error;
  const message = first instanceof Error ? first.message : String(first);
  const where = (first as { path?: unknown[] }).path;
  return `${message.split('\n')[0]}${Array.isArray(where) && where.length > 0 ? ` (at ${where.join('.')})` : ''}`;
}

async function bundledRuleset({ bundleAndLoadRuleset, builtins }: SpectralParts, file: string): Promise<Ruleset> {
  // ruleset-file.ts refuses URLs in YAML `extends`; this catches URLs a JS ruleset imports.
  const fetch = async (url: string): Promise<never> => {
    throw new Error(
      `plantkit does not fetch rulesets over the network (${url}); download it next to your .spectral.yaml`,
    );
  };
  return bundleAndLoadRuleset(file, { fs: { promises: { readFile } }, fetch }, [builtins()]);
}

/** Spectral's DiagnosticSeverity: 0 error, 1 warn, 2 info, 3 hint. */
const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

function toDiagnostic(result: ISpectralDiagnostic, file: string): LintDiagnostic {
  return {
    code: String(result.code),
    severity: SEVERITIES[result.severity] ?? 'warning',
    message: result.message,
    pointer: encodePointer(result.path),
    file: result.source ?? file,
    line: result.range.start.line + 1,
    column: result.range.start.character + 1,
  };
}
