import { describe, expect, test } from 'vitest';
import { LEVELS, type Level, reaches } from '../../src/core/levels.js';

describe('the shared ladder', () => {
  test('is ordered most severe first', () => {
    expect(LEVELS).toEqual(['error', 'warning', 'info', 'hint']);
  });

  test.each<[Level, Level, boolean]>([
    ['error', 'error', true],
    ['warning', 'error', false],
    ['warning', 'warning', true],
    ['error', 'warning', true],
    ['info', 'warning', false],
    ['hint', 'info', false],
    ['info', 'hint', true],
  ])('%s reaches threshold %s: %s', (level, threshold, expected) => {
    expect(reaches(level, threshold)).toBe(expected);
  });
});
