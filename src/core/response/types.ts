/** What a check sees and returns. */

import type { Decoded } from '../codec/index.js';
import type { Exchange } from '../exchange/types.js';
import { classOfSeverity, type Finding, type FindingClass } from '../findings.js';
import type { MediaType } from '../http/media-type.js';
import type { JsonParseResult } from '../json/exact-json.js';
import type { MediaTypeContent, OperationResponse, SchemaObject } from '../spec/types.js';
import type { BodyValidator, Direction, SpecValidators } from '../validation/compile-validators.js';

/** An exchange with what every check needs worked out once. */
export interface AnalysedExchange extends Exchange {
  /** The documented response covering the status (exact, range, default). */
  documented: OperationResponse | undefined;
  /** The parsed Content-Type of the response. */
  mediaType: MediaType | undefined;
  /** The body parsed as JSON, when the response is (or is documented as) JSON. */
  json: JsonParseResult | undefined;
  /** The documented media type covering the response's Content-Type. */
  media: MediaTypeContent | undefined;
  /** The body read as its media type by its codec (any media type), when one is documented. */
  decoded: Decoded | undefined;
  /** False where no body belongs: HEAD, 204, 205, 304, or a documented response without content. */
  bodyExpected: boolean;
}

/** Read-only context of all checks in a run. */
export interface CheckContext {
  validators: SpecValidators;
  /** `--strict`: also flag properties the response schema does not declare. */
  strict: boolean;
  /** A validator for any schema of the spec (response headers). */
  schemaValidator: (schema: SchemaObject, direction: Direction) => BodyValidator;
  /** True the first time `key` is asked in a run: a warning said once per operation, not once per case. */
  once: (key: string) => boolean;
}

/**
 * Who runs a check: the contract runner on its own exchanges, the proxy on
 * live traffic, and `response`: a response judged on its own, with no
 * request expectations to go by (MSW overrides, `toMatchContract`).
 */
export type CheckScope = 'contract' | 'proxy' | 'response';

/** A check: one function, one concern, findings returned (never thrown). */
export interface Check {
  /** Stable kebab-case id, printed with each finding. */
  id: string;
  /** One line for --help and docs/checks.md. */
  description: string;
  /** The judges that run it; absent (a user's own check): every judge it is handed to. */
  scope?: readonly CheckScope[];
  run(exchange: AnalysedExchange, context: CheckContext): Finding[];
}

/** A finding of `check` for the exchange's operation: a failure unless `severity` or `class` says otherwise. */
export function finding(
  check: Check | string,
  exchange: Exchange,
  fields: Omit<Finding, 'check' | 'operation' | 'severity' | 'class'> & {
    severity?: Finding['severity'];
    class?: FindingClass;
  },
): Finding {
  const severity = fields.severity ?? (fields.class && fields.class !== 'failure' ? 'warning' : 'error');
  return {
    check: typeof check === 'string' ? check : check.id,
    operation: exchange.case.operation.id,
    ...fields,
    severity,
    class: fields.class ?? classOfSeverity(severity),
  };
}

/** `200, 400 or default`: the documented statuses of the exchange's operation. */
export function documentedStatuses(exchange: Exchange): string {
  return exchange.case.operation.responses.map((response) => response.status).join(', ');
}
