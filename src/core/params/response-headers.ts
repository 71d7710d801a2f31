/**
 * Response headers (OAS 4.8.21 Header Object) read and written with the
 * parameter codecs: a header is a `simple`-style parameter in the header
 * location, so arrays are `a,b` and objects `k,v` (or `k=v` exploded).
 */
import type { OperationParameter, ResponseHeader } from '../spec/types.js';

/** The header as a parameter, for encodeParameter / decodeParameters. */
export function headerParameter(header: ResponseHeader): OperationParameter {
  return {
    name: header.name,
    in: 'header',
    pointer: header.pointer,
    required: header.required,
    schema: header.schema,
    examples: header.examples,
    style: 'simple',
    explode: header.explode,
    allowReserved: false,
    mediaType: undefined,
    deprecated: false,
  };
}
