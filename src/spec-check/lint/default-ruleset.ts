/**
 * plantkit's built-in lint policy, used when no ruleset file is found (no
 * `.spectral.yaml` beside the spec or in the working directory, no
 * `--ruleset`): Spectral's `spectral:oas` recommended rules, with the two
 * rules off that ask for content an interface document need not state
 * (a contact, tags). It equals the repository's own `.spectral.yaml`, so
 * `spec check` passes or fails the same whether plantkit runs from its
 * repository or is installed from npm (the package ships no `.spectral.yaml`).
 */

/** Severities the built-in policy sets on top of `spectral:oas` (Spectral ruleset `rules:` syntax). */
export const DEFAULT_RULE_SEVERITIES: Readonly<Record<string, 'off'>> = {
  // The service's contact is not the spec's business to invent.
  'info-contact': 'off',
  // Tags group operations for documentation; an API with few operations needs none.
  'operation-tags': 'off',
};

/** How reports name the built-in policy. */
export const DEFAULT_RULESET_LABEL = 'plantkit default (spectral:oas; info-contact, operation-tags off)';
