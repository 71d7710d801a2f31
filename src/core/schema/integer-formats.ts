/** Inclusive bounds of the OpenAPI integer formats (OAS 4.4 Data Types). */
export const INTEGER_FORMAT_RANGES: Record<string, readonly [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};
