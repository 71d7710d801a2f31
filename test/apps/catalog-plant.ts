/**
 * The catalog's request schema NewPlant and its Care oneOf, checked by hand
 * (test/fixtures/rich/catalog-3.1.yaml, components/schemas), and the Plant
 * the catalog stores and answers with.
 */

import { isInteger, isObject, jsonText, numberOf } from './shared/json-body.js';
import { codePoints } from './shared/request-values.js';

/** The tag enum shared by NewPlant and the list's `tag` parameter. */
export const PLANT_TAGS = ['indoor', 'outdoor', 'succulent'] as const;

/** A stored plant: the NewPlant fields plus the readOnly id and createdAt. */
export interface Plant {
  id: number;
  name: string;
  tag?: string;
  /** The care object as sent (numbers kept as their exact text). */
  care?: unknown;
  createdAt: string;
}

/** Why `value` is not a NewPlant, as one line naming the JSON pointer, or undefined. */
export function newPlantProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'body must be a JSON object';
  if (!('name' in value)) return "body must have required property 'name'";
  if (typeof value.name !== 'string') return 'body/name must be a string';
  const length = codePoints(value.name);
  if (length < 1 || length > 64) return `body/name must have 1 to 64 characters, not ${length}`;
  if ('tag' in value && !(PLANT_TAGS as readonly unknown[]).includes(value.tag))
    return `body/tag must be one of ${PLANT_TAGS.join(', ')}`;
  if ('care' in value) return careProblem(value.care);
  return undefined;
}

/**
 * Care is a oneOf of WaterCare and LightCare. Their `kind` consts exclude
 * each other, so exactly one branch can match and the discriminator mapping
 * (OAS 3.1 section 4.8.25) picks it; extra properties are allowed.
 */
function careProblem(care: unknown): string | undefined {
  if (!isObject(care)) return 'body/care must be an object';
  if (care.kind === 'water') {
    if (!('litres' in care)) return "body/care must have required property 'litres' (WaterCare)";
    const litres = numberOf(care.litres);
    if (litres === undefined || !Number.isFinite(litres)) return 'body/care/litres must be a number';
    if (litres < 0 || litres > 20) return 'body/care/litres must be between 0 and 20';
    return undefined;
  }
  if (care.kind === 'light') {
    if (!('lux' in care)) return "body/care must have required property 'lux' (LightCare)";
    if (!isInteger(care.lux)) return 'body/care/lux must be an integer';
    if (numberOf(care.lux)! < 100) return 'body/care/lux must be >= 100';
    return undefined;
  }
  return "body/care/kind must be 'water' or 'light' (the discriminator's mapping)";
}

/** A Plant from a valid NewPlant body, keeping only the fields the schema declares. */
export function plantFrom(body: Record<string, unknown>, id: number, createdAt: string): Plant {
  return {
    id,
    name: body.name as string,
    ...(typeof body.tag === 'string' ? { tag: body.tag } : {}),
    ...('care' in body ? { care: body.care } : {}),
    createdAt,
  };
}

/** JSON text of a plant, numbers in `care` exactly as they were sent. */
export function plantJson(plant: Plant): string {
  return jsonText(plant);
}
