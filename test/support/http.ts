/** A tiny fetch wrapper for tests: status, headers and parsed JSON of one request. */

/** What a test request got back. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Send a request with node's fetch and read everything. */
export async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Headers of an authorised JSON POST, plus `extra`. */
export function jsonPost(body: string, extra: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { authorization: 'Bearer any-token', 'content-type': 'application/json', ...extra },
    body,
  };
}
