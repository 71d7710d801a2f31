/** Work shared by the checks, done once per exchange: documented response, media type, parsed body. */
import { isJsonMediaType, parseMediaType } from '../../http/media-type.js';
import { parseJson } from '../../json/exact-json.js';
import { findResponse } from '../../validation/compile-validators.js';
import type { Exchange } from '../types.js';
import type { AnalysedExchange } from './types.js';

/** Analyse an exchange for the checks. */
export function analyseExchange(exchange: Exchange): AnalysedExchange {
  const response = exchange.response;
  if (!response) return { ...exchange, documented: undefined, mediaType: undefined, json: undefined };
  const documented = findResponse(exchange.case.operation, response.status);
  const mediaType = parseMediaType(response.headers['content-type']);
  const documentedJson = documented?.content.some((media) => isJsonMediaType(media.mediaType.toLowerCase())) ?? false;
  const looksJson = mediaType ? isJsonMediaType(mediaType.essence) : documentedJson;
  return { ...exchange, documented, mediaType, json: looksJson ? parseJson(response.body) : undefined };
}
