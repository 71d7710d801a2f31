/**
 * The registered spec-diff rules, in report order (STYLE habit 3: a new rule
 * is a file plus a line here). Each rule file names its id and level.
 */
import type { DiffRule } from '../types.js';
import { apiOperationAdded } from './api-operation-added.js';
import { apiOperationRemoved } from './api-operation-removed.js';
import { apiOperationRemovedAfterDeprecation } from './api-operation-removed-after-deprecation.js';
import { apiOperationRemovedBeforeSunset } from './api-operation-removed-before-sunset.js';
import { apiPathRemoved } from './api-path-removed.js';
import { callbackAdded } from './callback-added.js';
import { callbackRemoved } from './callback-removed.js';
import { callbackRenamed } from './callback-renamed.js';
import { requestBodyBecameRequired } from './request-body-became-required.js';
import { requestBodySchemaAdded } from './request-body-schema-added.js';
import { requestContainsCountNarrowed } from './request-contains-count-narrowed.js';
import { requestDefaultChanged } from './request-default-changed.js';
import { requestDependentRequiredAdded } from './request-dependent-required-added.js';
import { requestDiscriminatorValueRemoved } from './request-discriminator-value-removed.js';
import { requestEnumNarrowed } from './request-enum-narrowed.js';
import { requestFormatNarrowed } from './request-format-narrowed.js';
import { requestMaxItemsNarrowed } from './request-max-items-narrowed.js';
import { requestMaxLengthNarrowed } from './request-max-length-narrowed.js';
import { requestMediaTypeRemoved } from './request-media-type-removed.js';
import { requestMinItemsRaised } from './request-min-items-raised.js';
import { requestMinLengthRaised } from './request-min-length-raised.js';
import { requestOneOfBranchesOverlap } from './request-one-of-branches-overlap.js';
import { requestParameterAddedOptional } from './request-parameter-added-optional.js';
import { requestParameterAddedRequired } from './request-parameter-added-required.js';
import { requestParameterBecameRequired } from './request-parameter-became-required.js';
import { requestParameterRemoved } from './request-parameter-removed.js';
import { requestParameterRemovedAfterDeprecation } from './request-parameter-removed-after-deprecation.js';
import { requestParameterRemovedBeforeSunset } from './request-parameter-removed-before-sunset.js';
import { requestParameterStyleChanged } from './request-parameter-style-changed.js';
import { requestPatternAdded } from './request-pattern-added.js';
import { requestPatternChanged } from './request-pattern-changed.js';
import { requestPropertyAddedOptional } from './request-property-added-optional.js';
import { requestPropertyAddedRequired } from './request-property-added-required.js';
import { requestPropertyBecameRequired } from './request-property-became-required.js';
import { requestPropertyRemoved } from './request-property-removed.js';
import { requestRangeNarrowed } from './request-range-narrowed.js';
import { requestSchemaAssertionAdded } from './request-schema-assertion-added.js';
import { requestTypeChanged } from './request-type-changed.js';
import { requestUniqueItemsAdded } from './request-unique-items-added.js';
import { requestVariantAdded } from './request-variant-added.js';
import { requestVariantRemoved } from './request-variant-removed.js';
import { responseContainsCountWidened } from './response-contains-count-widened.js';
import { responseDependentRequiredRemoved } from './response-dependent-required-removed.js';
import { responseDiscriminatorValueAdded } from './response-discriminator-value-added.js';
import { responseEnumValueAdded } from './response-enum-value-added.js';
import { responseErrorStatusRemoved } from './response-error-status-removed.js';
import { responseHeaderBecameOptional } from './response-header-became-optional.js';
import { responseHeaderRemoved } from './response-header-removed.js';
import { responseMaxItemsRaised } from './response-max-items-raised.js';
import { responseMaxLengthRaised } from './response-max-length-raised.js';
import { responseMediaTypeRemoved } from './response-media-type-removed.js';
import { responseMinItemsLowered } from './response-min-items-lowered.js';
import { responseMinLengthLowered } from './response-min-length-lowered.js';
import { responseOptionalHeaderRemoved } from './response-optional-header-removed.js';
import { responsePropertyAdded } from './response-property-added.js';
import { responsePropertyBecameNullable } from './response-property-became-nullable.js';
import { responsePropertyBecameOptional } from './response-property-became-optional.js';
import { responsePropertyRemoved } from './response-property-removed.js';
import { responseRangeWidened } from './response-range-widened.js';
import { responseSchemaAssertionRemoved } from './response-schema-assertion-removed.js';
import { responseSuccessStatusRemoved } from './response-success-status-removed.js';
import { responseTypeChanged } from './response-type-changed.js';
import { responseVariantAdded } from './response-variant-added.js';
import { responseVariantRemoved } from './response-variant-removed.js';
import { schemaChangeUnclassified } from './schema-change-unclassified.js';
import { securityAdded } from './security-added.js';
import { securityChanged } from './security-changed.js';
import { securityRemoved } from './security-removed.js';
import { webhookAdded } from './webhook-added.js';
import { webhookRemoved } from './webhook-removed.js';
import { webhookRenamed } from './webhook-renamed.js';

/** Every diff rule. */
export const DIFF_RULES: readonly DiffRule[] = [
  apiPathRemoved,
  apiOperationRemoved,
  apiOperationRemovedBeforeSunset,
  apiOperationRemovedAfterDeprecation,
  apiOperationAdded,
  webhookRemoved,
  webhookRenamed,
  webhookAdded,
  callbackRemoved,
  callbackRenamed,
  callbackAdded,
  requestParameterAddedRequired,
  requestParameterBecameRequired,
  requestParameterRemoved,
  requestParameterRemovedBeforeSunset,
  requestParameterRemovedAfterDeprecation,
  requestParameterAddedOptional,
  requestParameterStyleChanged,
  requestBodyBecameRequired,
  requestMediaTypeRemoved,
  requestBodySchemaAdded,
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
  requestMinItemsRaised,
  requestMaxItemsNarrowed,
  requestUniqueItemsAdded,
  requestContainsCountNarrowed,
  requestDependentRequiredAdded,
  requestSchemaAssertionAdded,
  requestVariantRemoved,
  requestOneOfBranchesOverlap,
  requestVariantAdded,
  requestDiscriminatorValueRemoved,
  requestDefaultChanged,
  responseSuccessStatusRemoved,
  responseErrorStatusRemoved,
  responseMediaTypeRemoved,
  responseHeaderRemoved,
  responseHeaderBecameOptional,
  responseOptionalHeaderRemoved,
  responsePropertyRemoved,
  responsePropertyBecameOptional,
  responsePropertyBecameNullable,
  responseTypeChanged,
  responseEnumValueAdded,
  responseRangeWidened,
  responseMaxLengthRaised,
  responseMinLengthLowered,
  responseMaxItemsRaised,
  responseMinItemsLowered,
  responseContainsCountWidened,
  responseDependentRequiredRemoved,
  responseSchemaAssertionRemoved,
  responseVariantAdded,
  responseVariantRemoved,
  responseDiscriminatorValueAdded,
  responsePropertyAdded,
  schemaChangeUnclassified,
  securityAdded,
  securityChanged,
  securityRemoved,
];
