/**
 * Positions in a JSON text: the scanner gives, for every pointer of a
 * document, the line and column the YAML parser gives (values and keys),
 * and the nearest existing ancestor for pointers that name nothing.
 */
import { describe, expect, it } from 'vitest';
import { encodePointer } from '../../../src/core/json/json-pointer.js';
import { jsonPositions } from '../../../src/core/json/json-positions.js';
import { parseYamlSource } from '../../../src/core/yaml/yaml-source.js';

const DOCUMENT = {
  openapi: '3.1.0',
  '🌱 sprout': ['ü', { after: 'the astral character' }],
  'a/b~c': { 'quoted "key"': [1, 2.5e3, { deep: [true, null, 'x\\n"y'] }], empty: {}, none: [] },
  paths: { '/plants/{id}': { get: { responses: { 200: { description: 'ünïcode ✓ 🌱' } } } } },
};

/** Every pointer of `value`. */
function pointersOf(value: unknown, at: string[] = []): string[] {
  const here = encodePointer(at);
  if (typeof value !== 'object' || value === null) return [here];
  const keys = Array.isArray(value) ? value.map((_, index) => String(index)) : Object.keys(value);
  return [here, ...keys.flatMap((key) => pointersOf((value as Record<string, unknown>)[key], [...at, key]))];
}

/** The YAML parser's positions: the reference (YAML is a superset of JSON). */
function yamlPositions(text: string) {
  const parsed = parseYamlSource(`# yaml\n${text}`);
  if (!parsed.ok) throw new Error(parsed.problem.message);
  return (pointer: string, of?: 'value' | 'key') => {
    const position = parsed.source.positionOf(pointer, of);
    return position && { line: position.line - 1, column: position.column };
  };
}

describe('JSON positions', () => {
  it.each([
    ['pretty-printed', JSON.stringify(DOCUMENT, null, 2)],
    ['on one line', JSON.stringify(DOCUMENT)],
    ['with tabs and CRLF', JSON.stringify(DOCUMENT, null, '\t').replaceAll('\n', '\r\n')],
  ])('%s: the same line and column as the YAML parser for every pointer', (_name, text) => {
    const [ours, reference] = [jsonPositions(text), yamlPositions(text)];
    for (const pointer of pointersOf(DOCUMENT))
      for (const of of ['value', 'key'] as const)
        expect(ours(pointer, of), `${pointer} ${of}`).toEqual(reference(pointer, of));
  });

  it('answers the nearest ancestor for a pointer that names nothing', () => {
    const text = JSON.stringify(DOCUMENT, null, 2);
    expect(jsonPositions(text)('/paths/~1plants~1{id}/post/requestBody')).toEqual(
      jsonPositions(text)('/paths/~1plants~1{id}'),
    );
  });
});
