/**
 * The `lint` check: Spectral's OpenAPI ruleset (or the project's
 * `.spectral.yaml`), through the one Spectral adapter. Spectral rules that
 * duplicate a plantkit check are turned off while that check runs: plantkit
 * reports those problems itself, once, and with request/response semantics
 * (Spectral's example rules ignore readOnly/writeOnly).
 */
import path from 'node:path';
import { lintWithSpectral } from '../lint/spectral.js';
import type { SpecCheck, SpecFinding } from '../types.js';

/** Spectral `spectral:oas` rules owned by another plantkit check, by that check's id. */
const SUPERSEDED_RULES: Readonly<Record<string, readonly string[]>> = {
  // invalid-ref is Spectral's own resolver diagnostic, not a ruleset rule: dropped from its results.
  structure: ['oas3-schema', 'oas2-schema', 'operation-operationId-unique', 'path-params', 'invalid-ref'],
  examples: [
    'oas3-valid-media-example',
    'oas3-valid-schema-example',
    'oas2-valid-media-example',
    'oas2-valid-schema-example',
  ],
};

/** The lint check. */
export const lintCheck: SpecCheck = {
  id: 'lint',
  summary: "Spectral's OpenAPI ruleset (spectral:oas), configurable with .spectral.yaml or --ruleset",
  async run(context) {
    const { source, options } = context;
    // Spectral resolves the document's $refs itself (over http too): let plantkit's $ref
    // policy refuse URLs and files outside the spec's folder first (a fault, exit 2).
    await context.inspect();
    const disabledRules = Object.entries(SUPERSEDED_RULES)
      .filter(([check]) => !options.skip.includes(check))
      .flatMap(([, rules]) => rules);
    const diagnostics = await lintWithSpectral({
      text: source.text,
      file: source.path,
      rulesetFile: options.ruleset,
      disabledRules,
    });
    return diagnostics.map(
      (diagnostic): SpecFinding => ({
        check: 'lint',
        rule: diagnostic.code,
        severity: diagnostic.severity,
        operation: context.operationAt(diagnostic.pointer),
        pointer: diagnostic.pointer,
        message: diagnostic.message,
        file: diagnostic.file === source.path ? source.label : path.relative(options.cwd, diagnostic.file),
        line: diagnostic.line,
        column: diagnostic.column,
      }),
    );
  },
};
