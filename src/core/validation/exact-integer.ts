/**
 * The `x-plantkit-integer` keyword: integer-ness and int32/int64 ranges
 * checked on the exact number text (see core/json/exact-json.ts), not on a
 * rounded double. schema-view.ts adds it beside every `type: integer`.
 */
import type { ErrorObject, FuncKeywordDefinition } from 'ajv/dist/2020.js';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';
import { exactInteger, exactNumberText } from '../json/exact-json.js';
import { INTEGER_FORMAT_RANGES } from '../schema/integer-formats.js';

/** Keyword name; an `x-` extension so it never collides with JSON Schema or OpenAPI. */
export const EXACT_INTEGER_KEYWORD = 'x-plantkit-integer';

type ExactIntegerValidate = ((
  schema: string | boolean,
  data: unknown,
  parentSchema?: unknown,
  cxt?: DataValidationCxt,
) => boolean) & {
  errors?: Partial<ErrorObject>[];
};

/** Ajv keyword definition (schema value: a format name such as `int64`, or `true`). */
export const exactIntegerKeyword: FuncKeywordDefinition = {
  keyword: EXACT_INTEGER_KEYWORD,
  schemaType: ['string', 'boolean'],
  errors: true,
  validate: validateExactInteger as FuncKeywordDefinition['validate'],
};

function validateExactInteger(...[format, data, , cxt]: Parameters<ExactIntegerValidate>): boolean {
  // Non-numbers and fractions are reported by the `type` keyword already.
  if (typeof data !== 'number' || !Number.isInteger(data)) return true;
  const text = exactNumberText(cxt?.parentData, cxt?.parentDataProperty);
  // Without a recorded text the number is the double itself, an integer: exact as a BigInt, no text to read.
  const value = text === undefined ? BigInt(data) : exactInteger(text);
  const self = validateExactInteger as ExactIntegerValidate;
  if (value === undefined) {
    self.errors = [
      { keyword: 'type', message: `must be integer (${text} is not a whole number)`, params: { type: 'integer' } },
    ];
    return false;
  }
  const range = typeof format === 'string' ? INTEGER_FORMAT_RANGES[format] : undefined;
  if (range && (value < range[0] || value > range[1])) {
    self.errors = [
      {
        keyword: 'format',
        message: `must be an integer within ${format} (${range[0]} to ${range[1]})`,
        params: { format },
      },
    ];
    return false;
  }
  return true;
}
