/**
 * JSON Schema `pattern`s as regular expressions, compiled the way the JSON
 * Schema ecosystem tolerates (JSON Schema 2020-12 validation section 6.3.3
 * asks for ECMA-262; published specs hold patterns that only non-Unicode mode
 * reads, such as `[a-zA-Z]{1-70}`): Unicode mode first, then non-Unicode
 * mode, and a pattern neither accepts is not checked, with one warning naming
 * it. A pattern never stops plantkit.
 */

/** Patterns that could not be compiled at all, with the reason (for `plantkit spec check` and start-up notes). */
const unusable = new Map<string, string>();

/** Matches everything: the stand-in for a pattern that does not compile. */
const ANYTHING: { test(text: string): boolean } = { test: () => true };

/** A RegExp for `pattern`, or a match-anything stand-in when it cannot be compiled. */
function compilePattern(pattern: string): { test(text: string): boolean } {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch (error) {
      unusable.set(pattern, (error as Error).message);
      return ANYTHING;
    }
  }
}

/** The RegExp for `pattern` in the mode it compiles in, or undefined when it compiles in none (generators then ignore it). */
export function patternRegExp(pattern: string): RegExp | undefined {
  const compiled = compilePattern(pattern);
  return compiled instanceof RegExp ? compiled : undefined;
}

/** Ajv's regular-expression engine option (`code.regExp`): the tolerant compiler above. */
export const tolerantRegExpEngine = Object.assign((pattern: string) => compilePattern(pattern), {
  code: 'new RegExp',
});

/**
 * Compile every `pattern` (and `patternProperties` key) of a document, so
 * patterns no mode reads are known at start-up although validators compile
 * on first use. A walk over the document, cheap even for large specs.
 */
export function scanPatterns(document: unknown): void {
  const pending: unknown[] = [document];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') compilePattern(record.pattern);
    if (typeof record.patternProperties === 'object' && record.patternProperties !== null)
      for (const key of Object.keys(record.patternProperties)) compilePattern(key);
    for (const child of Object.values(record)) if (typeof child === 'object') pending.push(child);
  }
}

/** Patterns left unchecked since the last call, each with why (the mock prints them once at start-up). */
export function takeUnusablePatterns(): Array<[string, string]> {
  const taken = [...unusable];
  unusable.clear();
  return taken;
}
