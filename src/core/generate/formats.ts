/**
 * Generators of the string formats the runner generates values for (OAS
 * 4.4, JSON Schema 2020-12 validation section 7.3): fast-check's, and our
 * own URIs (uri.ts), whose fast-check counterpart costs 82 MB to build.
 */
import { FORMAT_GENS as FAST_CHECK_FORMATS, type Gen } from './fast-check.js';
import { uriGen } from './uri.js';

/** A generator per format name. */
export const FORMAT_GENS: Record<string, () => Gen<string>> = { ...FAST_CHECK_FORMATS, uri: uriGen, url: uriGen };
