/**
 * Loading Spectral for spec-check/lint/spectral.ts: from the build, its bundle
 * dist/vendor/spectral.cjs (scripts/spectral-bundle.cjs, bundled by
 * scripts/build-vendor.mjs: one file instead of some 420); from src/ (tests),
 * the packages themselves, their es-aggregate-error answered by the native
 * AggregateError as the bundle's is.
 */
import type { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ruleset, RulesetDefinition } from '@stoplight/spectral-core';
import { requireWithNativeAggregateError } from './native-aggregate-error.js';

type SpectralCore = typeof import('@stoplight/spectral-core');

/** Spectral's ruleset bundler with its Node loader (`@stoplight/spectral-ruleset-bundler/with-loader`). */
export type BundleLoader = (
  file: string,
  io: { fs: { promises: { readFile: typeof readFile } }; fetch: (url: string) => Promise<never> },
  plugins: unknown[],
) => Promise<Ruleset>;

/** What scripts/spectral-bundle.cjs exports: the parts of Spectral that spec-check/lint/spectral.ts uses. */
export interface SpectralParts {
  core: SpectralCore;
  Yaml: typeof import('@stoplight/spectral-parsers')['Yaml'];
  /** The module whose `assertValidRuleset` the core calls on every Ruleset it builds. */
  assertions: { assertValidRuleset: (...args: unknown[]) => void };
  /** `spectral:oas`. */
  readonly oas: RulesetDefinition;
  readonly bundleAndLoadRuleset: BundleLoader;
  /**
   * The bundler's plugin that answers a ruleset's imports of the Spectral packages (`@stoplight/spectral-functions`,
   * ...) with the copies loaded here, as Spectral's own CLI does: the build ships no Spectral package to import.
   */
  readonly builtins: () => unknown;
}

const require = createRequire(import.meta.url);
let loaded: SpectralParts | undefined;

/** Spectral's parts, loaded on first use: only `spec check`'s lint pays for them. */
export function loadSpectral(): SpectralParts {
  loaded ??= runsFromBuild()
    ? (require('#vendor/spectral.cjs') as { spectral: SpectralParts }).spectral
    : fromPackages();
  return loaded;
}

/**
 * Whether this module runs from the build (dist/, where the bundle is). The package root is found by the
 * package's own name: the build bundles this module into a chunk whose depth below dist/ is the bundler's choice.
 */
function runsFromBuild(): boolean {
  try {
    const root = path.dirname(require.resolve('plantkit/package.json'));
    return fileURLToPath(import.meta.url).startsWith(path.join(root, 'dist', path.sep));
  } catch {
    return false;
  }
}

/** The same parts from the installed packages. */
function fromPackages(): SpectralParts {
  const core = requireWithNativeAggregateError<SpectralCore>('@stoplight/spectral-core');
  // By file path: the package's exports map hides the module, and the file path is the module Spectral itself loaded.
  const entry = require.resolve('@stoplight/spectral-core');
  return {
    core,
    Yaml: (require('@stoplight/spectral-parsers') as typeof import('@stoplight/spectral-parsers')).Yaml,
    assertions: require(
      path.join(path.dirname(entry), 'ruleset/validation/assertions.js'),
    ) as SpectralParts['assertions'],
    get oas() {
      return (require('@stoplight/spectral-rulesets/dist/oas/index.js') as { default: RulesetDefinition }).default;
    },
    get bundleAndLoadRuleset() {
      return (require('@stoplight/spectral-ruleset-bundler/with-loader') as { bundleAndLoadRuleset: BundleLoader })
        .bundleAndLoadRuleset;
    },
    get builtins() {
      return (require('@stoplight/spectral-ruleset-bundler/plugins/builtins') as { builtins: () => unknown }).builtins;
    },
  };
}
