/**
 * The registry of contract checks, run on every exchange in this order.
 * A new check is a new file plus one line here.
 */
import { contentTypeCheck } from './content-type.js';
import { echoCheck } from './echo.js';
import { bodySyntaxCheck } from './body-syntax.js';
import { jsonBodyCheck } from './json-body.js';
import { outcomeCheck } from './outcome.js';
import { responseHeadersCheck } from './response-headers.js';
import { responseSchemaCheck } from './response-schema.js';
import { serverErrorCheck } from './server-error.js';
import { statusDocumentedCheck } from './status-documented.js';
import { transportCheck } from './transport.js';
import type { Check } from './types.js';
import { undeclaredPropertyCheck } from './undeclared-property.js';
import { unexpectedBodyCheck } from './unexpected-body.js';

/** Every built-in check. */
export const CHECKS: readonly Check[] = [
  transportCheck,
  serverErrorCheck,
  statusDocumentedCheck,
  contentTypeCheck,
  unexpectedBodyCheck,
  jsonBodyCheck,
  bodySyntaxCheck,
  responseSchemaCheck,
  responseHeadersCheck,
  outcomeCheck,
  echoCheck,
  undeclaredPropertyCheck,
];

export { analyseExchange } from './analyse.js';
export { createCheckContext } from './context.js';
export { decodeResponseBody } from './decode-response.js';
export type { AnalysedExchange, Check, CheckContext } from './types.js';
