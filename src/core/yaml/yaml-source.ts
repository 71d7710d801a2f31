/**
 * YAML (and JSON, its subset) source files with positions: the one module that
 * imports the `yaml` package. Callers get plain values plus a way to turn a
 * JSON pointer back into a line and column for messages.
 */
import { createRequire } from 'node:module';
import type { Node } from 'yaml';
import { parseJson, setExactNumber } from '../json/exact-json.js';
import { decodePointer } from '../json/json-pointer.js';
import { jsonPositions } from '../json/json-positions.js';

type YamlPackage = typeof import('yaml');
let yamlPackage: YamlPackage | undefined;

/**
 * The `yaml` package, loaded on first use: a JSON spec never needs it (72
 * files, about 0.09 s of CPU at start; issue 22). In Node, require and
 * import both resolve it to the same file (its `node` export condition).
 */
function yaml(): YamlPackage {
  yamlPackage ??= createRequire(import.meta.url)('yaml') as YamlPackage;
  return yamlPackage;
}

/** A plain value (JSON data) as YAML 1.2 text, long lines left whole. */
export function yamlText(value: unknown): string {
  return yaml().stringify(value, { lineWidth: 0 });
}

/** 1-based line and column in a source file. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A parsed YAML file. */
export interface YamlSource {
  value: unknown;
  /** Where the node at `pointer` starts (its key with `of: 'key'`), or the nearest ancestor that exists. */
  positionOf(pointer: string, of?: 'value' | 'key'): SourcePosition | undefined;
}

/** Why a text is not YAML, with its position. */
export interface YamlSyntaxProblem {
  message: string;
  position: SourcePosition | undefined;
}

/**
 * Parse YAML 1.2 text; duplicate keys are errors; integers beyond 2^53 stay
 * exact. A JSON document takes the JSON parser (GitHub's 5.7 MB description:
 * 0.1 s instead of 8.7 s through the YAML parser), and positions are worked
 * out by a JSON scanner (core/json/json-positions.ts) only when a message first
 * needs one. JSON's own parser keeps the last of duplicate keys rather than
 * refusing them.
 */
export function parseYamlSource(
  text: string,
): { ok: true; source: YamlSource } | { ok: false; problem: YamlSyntaxProblem } {
  if (/^\s*[{[]/.test(text)) {
    const parsed = parseJson(text);
    if (parsed.ok) {
      let positions: YamlSource['positionOf'] | undefined;
      return {
        ok: true,
        source: {
          value: parsed.value,
          positionOf: (pointer, of) => {
            if (!positions) positions = positionsOfJson(text);
            return positions(pointer, of);
          },
        },
      };
    }
  }
  return parseYamlText(text);
}

function positionsOfJson(text: string): YamlSource['positionOf'] {
  try {
    return jsonPositions(text);
  } catch {
    // Nesting deeper than the scanner's stack: the YAML parser finds positions as before.
    const full = parseYamlText(text);
    return full.ok ? full.source.positionOf : () => undefined;
  }
}

function parseYamlText(text: string): { ok: true; source: YamlSource } | { ok: false; problem: YamlSyntaxProblem } {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: true, intAsBigInt: true, prettyErrors: false });
  const [first] = document.errors;
  if (first) {
    const offset = first.pos[0];
    const { line, col } = lineCounter.linePos(offset);
    return {
      ok: false,
      problem: { message: first.message.split('\n')[0] ?? first.message, position: { line, column: col } },
    };
  }
  let value: unknown;
  try {
    value = adoptBigInts(document.toJS({ maxAliasCount: 100 }));
  } catch (error) {
    // `yaml` throws (rather than reports) when aliases expand without bound ("billion laughs").
    return {
      ok: false,
      problem: { message: `${(error as Error).message.split('\n')[0]} (aliases expand too far)`, position: undefined },
    };
  }
  const positionOf = (pointer: string, of: 'value' | 'key' = 'value'): SourcePosition | undefined => {
    let node: unknown = document.contents;
    let found = node;
    const segments = decodePointer(pointer);
    for (const [index, segment] of segments.entries()) {
      node = childNode(node, segment, index === segments.length - 1 ? of : 'value');
      if (!node) break;
      found = node;
    }
    const range = (found as Node | null)?.range;
    if (!range) return undefined;
    const { line, col } = lineCounter.linePos(range[0]);
    return { line, column: col };
  };
  return { ok: true, source: { value, positionOf } };
}

function childNode(node: unknown, segment: string, of: 'value' | 'key'): unknown {
  const { isMap, isScalar, isSeq } = yaml();
  if (isMap(node)) {
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === segment);
    return of === 'key' ? (pair?.key ?? pair?.value) : (pair?.value ?? pair?.key);
  }
  if (isSeq(node)) return node.items[Number(segment)];
  return undefined;
}

/** YAML integers come back as BigInt; keep them as numbers, recording exact text beyond 2^53. */
function adoptBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string | number, unknown>;
  const keys = Array.isArray(value) ? value.map((_, index) => index) : Object.keys(value);
  for (const key of keys) {
    const child = record[key];
    if (typeof child !== 'bigint') adoptBigInts(child);
    else if (Number.isSafeInteger(Number(child))) record[key] = Number(child);
    else setExactNumber(record, key, child.toString());
  }
  return value;
}
