/**
 * `response-headers`: the headers the documented response declares (OAS
 * 4.8.21): required ones are present, and values are valid against their
 * schemas, read in the header style (`simple`: `a,b` arrays, `k,v` objects).
 */
import { decodeParameters } from '../../params/decode.js';
import { headerParameter } from '../../params/response-headers.js';
import { describeViolation } from '../../validation/violations.js';
import { type Check, finding } from '../types.js';

/** Missing required headers and header values that break their schemas. */
export const responseHeadersCheck: Check = {
  id: 'response-headers',
  description: 'required response headers are present and every documented header is valid against its schema',
  scope: ['contract', 'proxy', 'response'],
  run(exchange, context) {
    const response = exchange.response;
    if (!response || !exchange.documented) return [];
    const findings = [];
    for (const header of exchange.documented.headers) {
      const name = header.name.toLowerCase();
      const value = response.headers[name];
      if (value === undefined) {
        if (header.required)
          findings.push(
            finding(this, exchange, {
              pointer: '',
              message: `required response header ${header.name} is missing (status ${response.status})`,
              received: 'no such header',
              documented: `${header.name}: required`,
            }),
          );
        continue;
      }
      if (!header.schema) continue;
      const parameter = headerParameter(header);
      const { values } = decodeParameters([parameter], { path: {}, search: '', headers: { [name]: value } });
      const violations = context.schemaValidator(header.schema, 'response')(values.header[name]);
      for (const violation of violations.slice(0, 3)) {
        findings.push(
          finding(this, exchange, {
            pointer: '',
            message: `response header ${header.name}: ${describeViolation(violation, 'value')}`,
            received: `${header.name}: ${value.slice(0, 80)}`,
            documented: violation.message,
          }),
        );
      }
    }
    return findings;
  },
};
