/**
 * The registry of contract checks, run on every exchange in this order.
 * A new check is a new file plus one line here.
 */
import { contentTypeCheck } from './content-type.js';
import { echoCheck } from './echo.js';
import { bodySyntaxCheck } from './body-syntax.js';
import { jsonBodyCheck } from './json-body.js';
import { listHonoursLimitCheck } from './list-honours-limit.js';
import { listIncludesCreatedCheck } from './list-includes-created.js';
import { outcomeCheck } from './outcome.js';
import { responseHeadersCheck } from './response-headers.js';
import { resourceAvailableCheck } from './resource-available.js';
import { responseSchemaCheck } from './response-schema.js';
import { secondDeleteNotFoundCheck } from './second-delete-not-found.js';
import { serverErrorCheck } from './server-error.js';
import { statusDocumentedCheck } from './status-documented.js';
import { storedEqualsSentCheck } from './stored-equals-sent.js';
import { totalCountMatchesCheck } from './total-count-matches.js';
import { totalCountAtLeastCheck } from './total-count-at-least.js';
import { firstPageNotEmptyCheck } from './first-page-not-empty.js';
import { transportCheck } from './transport.js';
import type { Check } from './types.js';
import { undeclaredPropertyCheck } from './undeclared-property.js';
import { unexpectedBodyCheck } from './unexpected-body.js';
import { useAfterDeleteCheck } from './use-after-delete.js';

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
  // Stateful phase: these read what the sequence model expects of a step (case.stateful) and see nothing else.
  resourceAvailableCheck,
  storedEqualsSentCheck,
  useAfterDeleteCheck,
  secondDeleteNotFoundCheck,
  listIncludesCreatedCheck,
  totalCountMatchesCheck,
  listHonoursLimitCheck,
  totalCountAtLeastCheck,
  firstPageNotEmptyCheck,
];

export { analyseExchange } from './analyse.js';
export { createCheckContext } from './context.js';
export { decodeResponseBody } from './decode-response.js';
export type { AnalysedExchange, Check, CheckContext } from './types.js';
