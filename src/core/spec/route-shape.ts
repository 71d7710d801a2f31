/**
 * A path template with its parameter names taken out: `/v2/{sinkName}` and `/v2/{metricName}` have the same
 * shape, `/v2/{}`. OAS 3.1.0 section 4.8.8.2: "Templated paths with the same hierarchy but different templated
 * names MUST NOT exist as they are identical": a router cannot tell them apart.
 */
export function routeShape(template: string): string {
  return template.replace(/\{[^}]+\}/g, '{}');
}
