/**
 * The records of `plantkit spec check`: a finding is the contract runner's
 * Finding plus where it is written in the spec file, and a check is a small
 * registered function from a checked spec to findings (STYLE habit 3).
 */
import type { Finding } from '../core/findings.js';
import type { SpecInspection } from '../core/spec/load-spec.js';
import type { SpecSource } from '../core/spec/spec-source.js';
import type { OpenApiVersion } from '../core/spec/types.js';

/** Severity of a spec finding, most severe first (Spectral's error, warn, info, hint). Which ones fail is `--fail-severity`'s choice. */
export type SpecFindingSeverity = 'error' | 'warning' | 'info' | 'hint';

/** One problem in a spec, at a file, line and column. */
export interface SpecFinding extends Omit<Finding, 'severity' | 'class'> {
  /** Check that found it: `structure`, `examples` or `lint`. */
  check: string;
  /** Rule within the check: `schema`, `ref`, `operation-id-unique`, `example-matches-schema`, Spectral's rule name... */
  rule: string;
  severity: SpecFindingSeverity;
  /** File the problem is written in (the spec, or a file it `$ref`s), as the user named it. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
}

/** A place in the spec file. */
export interface SpecLocation {
  /** JSON pointer of the node as written in the file (`$ref`s followed back). */
  pointer: string;
  file: string;
  line: number;
  column: number;
}

/** Options of a check run, normalised once (see options.ts). */
export interface NormalizedCheckOptions {
  cwd: string;
  /** The Spectral ruleset file in force; undefined: plantkit's built-in policy (spec-check/lint/default-ruleset.ts). */
  ruleset: string | undefined;
  skip: readonly string[];
  allowExternalRefs: boolean;
}

/** What every check sees. */
export interface SpecCheckContext {
  source: SpecSource;
  /** The OpenAPI line, known before any check runs. */
  version: OpenApiVersion;
  /** swagger-parser's dereferencing (and the `$ref` policy), run once on first call. */
  inspect(): Promise<SpecInspection>;
  options: NormalizedCheckOptions;
  /** Where a pointer into the dereferenced document is written in the file. */
  locate(pointer: string): SpecLocation;
  /** The operation (operationId, or `METHOD /path`) a pointer belongs to; '' outside operations. */
  operationAt(pointer: string): string;
}

/** A registered spec check. */
export interface SpecCheck {
  /** Stable kebab-case id (`--skip` takes it). */
  id: string;
  /** One line for help texts. */
  summary: string;
  run(context: SpecCheckContext): Promise<SpecFinding[]>;
}
