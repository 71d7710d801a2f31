/** Responses that never carry a body (RFC 9110 sections 9.3.2, 15.2, 15.3.5, 15.3.6, 15.4.5). */

/** True for HEAD, 1xx, 204, 205 and 304. */
export function forbidsBody(status: number, method: string): boolean {
  return (
    method.toUpperCase() === 'HEAD' ||
    status === 204 ||
    status === 205 ||
    status === 304 ||
    (status >= 100 && status < 200)
  );
}
