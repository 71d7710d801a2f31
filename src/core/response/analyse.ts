/** Work shared by the checks, done once per exchange: documented response and media type, parsed body. */
import type { Decoded } from '../codec/index.js';
import type { Exchange } from '../exchange/types.js';
import { forbidsBody } from '../http/bodyless.js';
import { isJsonMediaType, parseMediaType } from '../http/media-type.js';
import { parseJson } from '../json/exact-json.js';
import { findResponse } from '../validation/compile-validators.js';
import { documentedMedia } from './decode-response.js';
import type { AnalysedExchange } from './types.js';

/** Analyse an exchange for the checks; `decoded` is the body read as its media type (decode-response.ts), when done. */
export function analyseExchange(exchange: Exchange, decoded?: Decoded): AnalysedExchange {
  const response = exchange.response;
  if (!response)
    return {
      ...exchange,
      documented: undefined,
      mediaType: undefined,
      json: undefined,
      media: undefined,
      decoded: undefined,
      bodyExpected: false,
    };
  const documented = findResponse(exchange.case.operation, response.status);
  const mediaType = parseMediaType(response.headers['content-type']);
  const bodyExpected =
    !forbidsBody(response.status, exchange.case.request.method) &&
    (documented === undefined || documented.content.length > 0);
  const documentedJson = documented?.content.some((media) => isJsonMediaType(media.mediaType.toLowerCase())) ?? false;
  const looksJson = mediaType ? isJsonMediaType(mediaType.essence) && mediaType.essence !== '*/*' : documentedJson;
  // An empty body where none is documented is right (204, HEAD, a response without content): nothing to parse.
  // The codec has read a JSON body already (decode-response.ts): the same parse, not done twice.
  const json =
    looksJson && (bodyExpected || response.body !== '')
      ? decoded?.ok
        ? { ok: true as const, value: decoded.value }
        : parseJson(response.body)
      : undefined;
  return { ...exchange, documented, mediaType, json, media: documentedMedia(exchange), decoded, bodyExpected };
}
