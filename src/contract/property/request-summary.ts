/**
 * A generated request on one line, for the `sent:` and `shrunk:` lines of
 * reports: the body as sent; when the operation has parameters, first the
 * method and path (query included) and, in parentheses, the header and
 * cookie parameters the spec declares. Only declared parameters are listed,
 * so credentials (Authorization, an API key header or cookie) never are.
 */

import type { ContractCase } from '../../core/exchange/types.js';
import { parseCookieHeader } from '../../core/params/cookies.js';
import { CLIENT_OWNED_HEADERS } from '../cases/request-parameters.js';

/** `GET /catalog/AAA-0000 (cookie lang=fr)`, `{"name":"a"}`, `PUT /plants/5 {"name":"a"}`. */
export function requestSummary(contractCase: ContractCase): string {
  const { operation, request } = contractCase;
  const parameters = (operation.parameters ?? []).filter(
    (parameter) => !(parameter.in === 'header' && CLIENT_OWNED_HEADERS.has(parameter.name.toLowerCase())),
  );
  const parts: string[] = [];
  if (parameters.length > 0) {
    const cookies = parseCookieHeader(request.headers.cookie);
    const headers: string[] = [];
    for (const parameter of parameters) {
      const value = parameter.in === 'header' ? request.headers[parameter.name.toLowerCase()] : undefined;
      if (value !== undefined) headers.push(`${parameter.name}: ${value}`);
      if (parameter.in === 'cookie')
        headers.push(
          ...cookies.filter(([name]) => name === parameter.name).map(([name, text]) => `cookie ${name}=${text}`),
        );
    }
    parts.push(`${request.method} ${request.path}${headers.length > 0 ? ` (${headers.join('; ')})` : ''}`);
  }
  if (request.body !== undefined) parts.push(request.body);
  return parts.join(' ');
}
