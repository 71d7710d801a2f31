/**
 * Which documented response the mock serves (OAS 4.8.16 Responses Object):
 * the status a client pinned (`Prefer: code=` or `__code=`), else the
 * lowest documented 2xx (a `2XX` range as 200), else the lowest 3xx, else
 * `default` as 200, else the lowest documented status, else the lowest
 * documented range (`4XX` as 400, `5XX` as 500): an operation that documents
 * only errors answers one of them, with its example, never an invented 200.
 * An operation that documents nothing is answered 200 without a body.
 */
import type { Operation, OperationResponse } from '../core/spec/types.js';
import { findResponse } from '../core/validation/compile-validators.js';

/** The status to serve and the response documenting it; or why a pinned code cannot be served. */
export type ResponseChoice =
  | { ok: true; status: number; response: OperationResponse | undefined }
  | { ok: false; message: string };

/** The unpinned choice per operation: it depends on the operation alone, and every request asks for it. */
const unpinned = new WeakMap<Operation, ResponseChoice>();

/** Choose the response for `operation`, honouring a pinned `code`. */
export function chooseResponse(operation: Operation, code: number | undefined): ResponseChoice {
  if (code === undefined) {
    let choice = unpinned.get(operation);
    if (!choice) {
      choice = defaultChoice(operation);
      unpinned.set(operation, choice);
    }
    return choice;
  }
  const response = findResponse(operation, code);
  if (response) return { ok: true, status: code, response };
  return {
    ok: false,
    message: `${operation.id} documents no response for status ${code}; documented: ${operation.responses.map((item) => item.status).join(', ') || 'none'}`,
  };
}

function defaultChoice(operation: Operation): ResponseChoice {
  const numbered = operation.responses
    .filter((response) => /^\d{3}$/.test(response.status))
    .sort((a, b) => Number(a.status) - Number(b.status));
  const first = (prefix: string) => numbered.find((response) => response.status.startsWith(prefix));
  const success = first('2');
  if (success) return { ok: true, status: Number(success.status), response: success };
  const range = operation.responses.find((response) => response.status === '2XX');
  if (range) return { ok: true, status: 200, response: range };
  const redirect = first('3');
  if (redirect) return { ok: true, status: Number(redirect.status), response: redirect };
  const fallback = operation.responses.find((response) => response.status === 'default');
  if (fallback) return { ok: true, status: 200, response: fallback };
  const lowest = numbered[0];
  if (lowest) return { ok: true, status: Number(lowest.status), response: lowest };
  const [errorRange] = operation.responses
    .filter((response) => /^[1-5]XX$/.test(response.status))
    .sort((a, b) => a.status.localeCompare(b.status));
  return errorRange
    ? { ok: true, status: Number(errorRange.status[0]) * 100, response: errorRange }
    : { ok: true, status: 200, response: undefined };
}
