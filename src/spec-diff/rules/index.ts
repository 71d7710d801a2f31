/**
 * The registered spec-diff rules, in report order (STYLE habit 3: a new rule
 * is a file plus a line here). Each rule file names its id and level.
 */
import type { DiffRule } from '../types.js';
import { apiPathRemoved } from './api-path-removed.js';
import { apiOperationRemoved } from './api-operation-removed.js';
import { apiOperationAdded } from './api-operation-added.js';
import { requestParameterAddedRequired } from './request-parameter-added-required.js';
import { requestParameterBecameRequired } from './request-parameter-became-required.js';
import { requestParameterRemoved } from './request-parameter-removed.js';
import { requestParameterAddedOptional } from './request-parameter-added-optional.js';
import { requestBodyBecameRequired } from './request-body-became-required.js';
import { requestMediaTypeRemoved } from './request-media-type-removed.js';
import { requestPropertyAddedRequired } from './request-property-added-required.js';
import { requestPropertyBecameRequired } from './request-property-became-required.js';
import { requestPropertyRemoved } from './request-property-removed.js';
import { requestPropertyAddedOptional } from './request-property-added-optional.js';
import { requestTypeChanged } from './request-type-changed.js';
import { requestFormatNarrowed } from './request-format-narrowed.js';
import { requestEnumNarrowed } from './request-enum-narrowed.js';
import { requestMaxLengthNarrowed } from './request-max-length-narrowed.js';
import { requestMinLengthRaised } from './request-min-length-raised.js';
import { requestPatternAdded } from './request-pattern-added.js';
import { requestPatternChanged } from './request-pattern-changed.js';
import { requestRangeNarrowed } from './request-range-narrowed.js';
import { responseSuccessStatusRemoved } from './response-success-status-removed.js';
import { responseErrorStatusRemoved } from './response-error-status-removed.js';
import { responseMediaTypeRemoved } from './response-media-type-removed.js';
import { responsePropertyRemoved } from './response-property-removed.js';
import { responsePropertyBecameOptional } from './response-property-became-optional.js';
import { responsePropertyBecameNullable } from './response-property-became-nullable.js';
import { responseTypeChanged } from './response-type-changed.js';
import { responseEnumValueAdded } from './response-enum-value-added.js';
import { responsePropertyAdded } from './response-property-added.js';
import { securityAdded } from './security-added.js';
import { securityChanged } from './security-changed.js';
import { securityRemoved } from './security-removed.js';

/** Every diff rule. */
export const DIFF_RULES: readonly DiffRule[] = [
  apiPathRemoved,
  apiOperationRemoved,
  apiOperationAdded,
  requestParameterAddedRequired,
  requestParameterBecameRequired,
  requestParameterRemoved,
  requestParameterAddedOptional,
  requestBodyBecameRequired,
  requestMediaTypeRemoved,
  requestPropertyAddedRequired,
  requestPropertyBecameRequired,
  requestPropertyRemoved,
  requestPropertyAddedOptional,
  requestTypeChanged,
  requestFormatNarrowed,
  requestEnumNarrowed,
  requestMaxLengthNarrowed,
  requestMinLengthRaised,
  requestPatternAdded,
  requestPatternChanged,
  requestRangeNarrowed,
  responseSuccessStatusRemoved,
  responseErrorStatusRemoved,
  responseMediaTypeRemoved,
  responsePropertyRemoved,
  responsePropertyBecameOptional,
  responsePropertyBecameNullable,
  responseTypeChanged,
  responseEnumValueAdded,
  responsePropertyAdded,
  securityAdded,
  securityChanged,
  securityRemoved,
];
