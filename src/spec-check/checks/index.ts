/** The registered spec checks, in the order they run and report (STYLE habit 3: a new check is a file plus a line). */
import type { SpecCheck } from '../types.js';
import { examplesCheck } from './examples.js';
import { lintCheck } from './lint.js';
import { schemasCheck } from './schemas.js';
import { structureCheck } from './structure.js';

/** Every spec check. */
export const SPEC_CHECKS: readonly SpecCheck[] = [structureCheck, examplesCheck, schemasCheck, lintCheck];
