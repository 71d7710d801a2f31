/**
 * The registry of the shared response checks, in the order they run. Each
 * check says which judges run it (its `scope`); a new check is a new file
 * plus one line here.
 */
import type { Check, CheckScope } from '../types.js';
import { bodySyntaxCheck } from './body-syntax.js';
import { contentTypeCheck } from './content-type.js';
import { echoCheck } from './echo.js';
import { jsonBodyCheck } from './json-body.js';
import { outcomeCheck } from './outcome.js';
import { responseHeadersCheck } from './response-headers.js';
import { responseSchemaCheck } from './response-schema.js';
import { serverErrorCheck } from './server-error.js';
import { statusDocumentedCheck } from './status-documented.js';
import { transportCheck } from './transport.js';
import { undeclaredPropertyCheck } from './undeclared-property.js';
import { unexpectedBodyCheck } from './unexpected-body.js';

/** Every shared check, in the order findings are reported. */
const RESPONSE_CHECKS: readonly Check[] = [
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

/** The checks of `checks` that `scope` runs, in their order. */
export function checksFor(scope: CheckScope, checks: readonly Check[] = RESPONSE_CHECKS): Check[] {
  return checks.filter((check) => !check.scope || check.scope.includes(scope));
}
