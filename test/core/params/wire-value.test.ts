/** A parameter value reaches the server as checked, or the runner does not send it (issue 23). */
import { describe, expect, test } from 'vitest';
import { wireProblem } from '../../../src/core/params/wire-value.js';
import type { OperationParameter } from '../../../src/core/spec/types.js';

const parameter = (location: OperationParameter['in'], schema: Record<string, unknown> = { type: 'string' }) =>
  ({
    name: 'p',
    in: location,
    required: true,
    schema,
    style: location === 'query' || location === 'cookie' ? 'form' : 'simple',
    explode: location === 'query' || location === 'cookie',
    examples: [],
  }) as unknown as OperationParameter;

describe('wireProblem', () => {
  test.each([
    ['header: plain text', 'header', 'Bearer abc', undefined],
    ['header: a line break', 'header', 'a\nb', /U\+000A is not a field-value character/],
    ['header: beyond Latin-1', 'header', '虎', /'虎' \(U\+864E\) is not a field-value character/],
    ['header: trailing space', 'header', 'abc ', /no leading or trailing whitespace/],
    ['header: an array item with a line break', 'header', ['a', 'b\n'], /U\+000A/],
    ['cookie: cookie-octets', 'cookie', 'abc.123', undefined],
    ['cookie: a space (sent only percent-encoded)', 'cookie', 'two words', /cookie-octets/],
    ['cookie: a percent sign', 'cookie', '100%', /cookie-octets/],
    ['query: any Unicode, percent-encoded', 'query', '虎 & 🌵', undefined],
    ['query: a lone surrogate', 'query', 'a\ud800', /lone surrogate/],
    ['path: a lone surrogate', 'path', '\udc00', /lone surrogate/],
  ] as const)('%s', (_name, location, value, want) => {
    const schema = Array.isArray(value) ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
    const problem = wireProblem(parameter(location, schema), value);
    if (want === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatch(want);
  });
});
