/**
 * Reading parameter and header values the way OpenAPI serialises them:
 * integers as JSON number text, strings measured in code points (JSON Schema
 * 2020-12 validation section 6.3.1), media types and Accept negotiation
 * (RFC 9110 sections 8.3.1 and 12.5.1).
 */

/** The lower-cased `type/subtype` of a Content-Type value, without parameters. */
export function mediaEssence(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The `charset` parameter of a Content-Type value, lower-cased, or undefined. */
export function mediaCharset(header: string | undefined): string | undefined {
  return /;\s*charset="?([^";\s]+)"?/i.exec(header ?? '')?.[1]?.toLowerCase();
}

/**
 * The integer a parameter's text stands for, or undefined. The text must be
 * a JSON number (OAS serialises primitives as their JSON text) whose value is
 * an integer, as JSON Schema's `integer` type decides (2020-12 core section 4.2.2).
 */
export function integerValue(text: string): number | undefined {
  if (!/^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isInteger(value) ? value : undefined;
}

/** Length in Unicode code points, as `minLength`/`maxLength` count. */
export function codePoints(text: string): number {
  return [...text].length;
}

/** All values of query parameter `name`. */
export function queryValues(query: Array<[string, string]>, name: string): string[] {
  return query.filter(([key]) => key === name).map(([, value]) => value);
}

/** The value of a parameter that may appear at most once: absent, one value, or an error line. */
export function singleValue(values: string[], where: string): { value?: string; error?: string } {
  if (values.length > 1) return { error: `${where} is given ${values.length} times; send it once` };
  return values.length === 1 ? { value: values[0]! } : {};
}

/**
 * The offered media type the Accept header prefers (RFC 9110 section 12.5.1):
 * highest quality wins, ties go to the server's order in `offered`; no
 * Accept header means anything goes. Undefined when nothing offered is acceptable.
 */
export function negotiate(accept: string | undefined, offered: readonly string[]): string | undefined {
  if (accept === undefined || accept.trim() === '') return offered[0];
  const ranges = accept.split(',').map((entry) => {
    const [range, ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return { range: range ?? '', q: q === undefined ? 1 : Number(q.slice(2)) };
  });
  let best: { type: string; q: number } | undefined;
  for (const type of offered) {
    const q = quality(type, ranges);
    if (q > 0 && (best === undefined || q > best.q)) best = { type, q };
  }
  return best?.type;
}

/** The quality of `type` under the most specific matching range (RFC 9110 section 12.5.1). */
function quality(type: string, ranges: Array<{ range: string; q: number }>): number {
  const [major] = type.split('/');
  const exact = ranges.find((entry) => entry.range === type);
  const group = ranges.find((entry) => entry.range === `${major}/*`);
  const any = ranges.find((entry) => entry.range === '*/*');
  const q = (exact ?? group ?? any)?.q ?? 0;
  return Number.isFinite(q) ? q : 0;
}
