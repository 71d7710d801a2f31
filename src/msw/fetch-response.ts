/** A mock reply as the Fetch API Response MSW hands back to the page or the test. */
import { MOCK_HEADER } from '../mock/mock-state.js';
import type { MockReply } from '../mock/reply.js';

/** `reply` as a Response, saying it comes from a plantkit mock (`identity`), as the mock server's answers do. */
export function toFetchResponse(reply: MockReply, identity: string): Response {
  const body =
    reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : new Uint8Array(reply.body);
  return new Response(body, { status: reply.status, headers: { ...reply.headers, [MOCK_HEADER]: identity } });
}
