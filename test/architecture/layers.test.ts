/**
 * The layer rules of ARCHITECTURE.md, held against the imports of src/:
 * the shared core never imports a tool, a tool never imports another tool
 * (msw is the mock inside MSW), only the CLI and the public index import the
 * reporters, and no two folders import each other in a circle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** Each source file's folder unit (`core/spec`, `contract`, `cli`, `index`) and the units its relative imports name. */
function importsByUnit(): Map<string, Map<string, string[]>> {
  const units = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SRC)) {
    const from = unitOf(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:\bfrom|\bimport\(|^import)\s*['"](\.[^'"]+)['"]/gm)) {
      const to = unitOf(path.resolve(path.dirname(file), match[1]!));
      if (to === from) continue;
      const targets = units.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), path.relative(SRC, file)]);
      units.set(from, targets);
    }
  }
  return units;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.[cm]?ts$/.test(entry.name) ? [full] : [];
  });
}

function unitOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === 'core') return parts.length > 2 ? `core/${parts[1]}` : 'core';
  return parts.length > 1 ? parts[0]! : 'index';
}

const TOOLS = ['contract', 'mock', 'proxy', 'spec-check', 'spec-diff', 'msw', 'vitest'];
const isCore = (unit: string) => unit === 'core' || unit.startsWith('core/');

/** What each unit above the core may import besides the core: [unit, allowed units]. */
const ALLOWED: Record<string, readonly string[]> = {
  contract: [],
  mock: [],
  proxy: [],
  'spec-check': [],
  'spec-diff': [],
  vitest: [],
  msw: ['mock'],
  report: ['contract', 'proxy'],
};

const graph = importsByUnit();

describe('layers', () => {
  test('the core imports only the core', () => {
    const outward = [...graph]
      .filter(([from]) => isCore(from))
      .flatMap(([from, targets]) =>
        [...targets].filter(([to]) => !isCore(to)).map(([to, files]) => `${from} -> ${to} (${files[0]})`),
      );
    expect(outward).toEqual([]);
  });

  test.each(Object.entries(ALLOWED))('%s imports the core and only %j above it', (unit, allowed) => {
    const targets = [...(graph.get(unit) ?? new Map<string, string[]>())];
    const wrong = targets
      .filter(([to]) => !isCore(to) && !allowed.includes(to))
      .map(([to, files]) => `${to} (${files[0]})`);
    expect(wrong).toEqual([]);
  });

  test('only the CLI and the public index import the reporters', () => {
    const importers = [...graph]
      .filter(([from, targets]) => from !== 'report' && targets.has('report'))
      .map(([from]) => from);
    expect(importers.sort()).toEqual(['cli', 'index']);
  });

  test('every folder of src/ is the core, a tool, the reporters, the CLI or the index', () => {
    const known = new Set([...TOOLS, 'report', 'cli', 'index']);
    expect([...graph.keys()].filter((unit) => !isCore(unit) && !known.has(unit))).toEqual([]);
  });

  test('no folders import each other in a circle', () => {
    expect(circles(graph)).toEqual([]);
  });
});

/** Strongly connected sets of more than one unit (Tarjan). */
function circles(edges: Map<string, Map<string, string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    for (const to of edges.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(unit, Math.min(low.get(unit)!, index.get(to)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      members.push(member);
    } while (member !== unit);
    if (members.length > 1) found.push(members.sort());
  };
  for (const unit of edges.keys()) if (!index.has(unit)) visit(unit);
  return found;
}
