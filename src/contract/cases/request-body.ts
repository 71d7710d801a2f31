/** The JSON request body an operation documents, and valid sample bodies for it. */
import { isJsonMediaType } from '../../http/media-type.js';
import { stringifyJson } from '../../json/exact-json.js';
import { sampleValue } from '../../schema/sample-value.js';
import type { MediaTypeContent, Operation } from '../../spec/types.js';
import type { BodyValidator } from '../../validation/compile-validators.js';
import { describeViolation } from '../../validation/violations.js';
import type { CaseContext } from './context.js';

/** The first JSON media type of the request body with its compiled validator. */
export interface JsonRequestBody {
  media: MediaTypeContent;
  validate: BodyValidator;
  required: boolean;
}

/** The operation's JSON request body, when it documents one. */
export function jsonRequestBody(operation: Operation, context: CaseContext): JsonRequestBody | undefined {
  for (const media of operation.requestBody?.content ?? []) {
    if (!isJsonMediaType(media.mediaType.toLowerCase())) continue;
    const validate = context.validators.request(operation.id, media.mediaType);
    if (validate) return { media, validate, required: operation.requestBody?.required ?? false };
  }
  return undefined;
}

/** A sampled body; `problem` says why it is not valid when the sampler could not satisfy the schema. */
export interface SampledBody {
  value: unknown;
  text: string;
  problem: string | undefined;
}

/** A minimal (required properties only) or full (every property) body, validated. */
export function sampleBody(body: JsonRequestBody, mode: 'minimal' | 'full', context: CaseContext): SampledBody {
  const value = sampleValue(body.media.schema, { mode, nextInteger: context.nextInteger });
  return checked(body, typeof value === 'bigint' ? Number(value) : value);
}

/** A body value with its exact text and whether it is valid. */
export function checked(body: JsonRequestBody, value: unknown): SampledBody {
  const [first] = body.validate(value);
  return { value, text: stringifyJson(value), problem: first && describeViolation(first) };
}
