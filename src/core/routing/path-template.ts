/**
 * One path template (OAS 4.8.8.1 Path Templating) compiled for matching
 * decoded path segments: `/plants/{id}`, `/files/{name}.{ext}`, and keys
 * that published specs use to tell operations on one path apart: a query
 * part (`/export?format={format}&kind=csv`) or, as in the AWS descriptions
 * of the APIs.guru collection, a fragment naming a query parameter or a
 * header value (`/#X-Amz-Target=Service.Action`, `/connectors/{arn}#currentVersion`).
 */

/** A segment of a template: literal text, or a pattern with named parameters. */
export interface TemplateSegment {
  literal: boolean;
  /** Characters of literal text in the segment (`{name}:refresh` has 8): more literal text is more specific. */
  literalLength: number;
  test(segment: string): Record<string, string> | undefined;
}

/** A compiled template. */
export interface CompiledTemplate {
  segments: TemplateSegment[];
  /** How many query conditions the key carries (a `?a={a}&b=c` or `#a=b` suffix). */
  queryConditions: number;
  /** Path parameters when `segments` (decoded), `query` and `headers` (lower-case names) match, else undefined. */
  match(
    segments: readonly string[],
    query: URLSearchParams,
    headers?: Readonly<Record<string, string>>,
  ): Record<string, string> | undefined;
}

/** The path part of a path key, without its query or fragment conditions. */
export function templatePath(template: string): string {
  return template.replace(/[?#].*$/s, '');
}

/** Compile `template` as written in the spec's `paths`. */
export function compileTemplate(template: string): CompiledTemplate {
  const path = templatePath(template);
  const search = /\?([^#]*)/s.exec(template)?.[1];
  const fragment = /#(.*)$/s.exec(template)?.[1];
  const segments = path.split('/').slice(1).map(compileSegment);
  const conditions = search === undefined ? [] : [...new URLSearchParams(search)];
  // `#name=value`: the query parameter or the header `name` has that value; `#name`: the query has `name`.
  const either = fragment === undefined ? [] : [...new URLSearchParams(fragment)];
  return {
    segments,
    queryConditions: conditions.length + either.length,
    match(actual, query, headers = {}) {
      if (actual.length !== segments.length) return undefined;
      const parameters: Record<string, string> = {};
      for (let index = 0; index < segments.length; index += 1) {
        const found = segments[index]!.test(actual[index]!);
        if (!found) return undefined;
        if (found !== LITERAL_MATCH) Object.assign(parameters, found);
      }
      for (const [name, value] of conditions) {
        const given = query.get(name);
        if (given === null) return undefined;
        const parameter = /^\{([^}]+)\}$/.exec(value)?.[1];
        if (parameter === undefined && given !== value) return undefined;
      }
      for (const [name, value] of either) {
        const given = query.get(name) ?? headers[name.toLowerCase()] ?? null;
        if (given === null || (value !== '' && given !== value)) return undefined;
      }
      return parameters;
    },
  };
}

/** What a literal segment's test gives when it matches: no parameters (one shared, read-only object; the router asks per request). */
const LITERAL_MATCH: Readonly<Record<string, string>> = Object.freeze({});

function compileSegment(raw: string): TemplateSegment {
  const text = safeDecode(raw);
  if (!text.includes('{'))
    return {
      literal: true,
      literalLength: text.length,
      test: (segment) => (segment === text ? LITERAL_MATCH : undefined),
    };
  const names: string[] = [];
  const source = text
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '(.+?)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`, 's');
  return {
    literal: false,
    literalLength: text.replace(/\{[^}]+\}/g, '').length,
    test(segment) {
      // An empty value is no value: `/plants/` does not match `/plants/{id}` (OAS 4.8.12.1, path parameters are required).
      const match = pattern.exec(segment);
      if (!match) return undefined;
      const values = names.map((_, index) => match[index + 1] ?? '');
      return values.some((value) => value === '')
        ? undefined
        : Object.fromEntries(names.map((name, index) => [name, values[index]!]));
    },
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
