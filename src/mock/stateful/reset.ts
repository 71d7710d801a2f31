/**
 * `POST /__plantkit/reset`: the stateful mock forgets what clients created
 * and holds the preloaded items (--data) again, so a test suite can start
 * each test from a known state. The path sits outside any spec's paths (the
 * `__` prefix is plantkit's, as in Prism's `__code` switches); a mock that
 * keeps no state answers 404 saying how to start one that does.
 */

import { errorReply } from '../error-reply.js';
import type { MockState } from '../mock-state.js';
import type { MockReply } from '../reply.js';
import type { ResourceStore } from './store.js';

/** Where clients reset the stateful mock. */
export const RESET_PATH = '/__plantkit/reset';

/** The answer to a request for {@link RESET_PATH}: 204 after resetting, 405 for another method, 404 without state. */
export function resetReply(method: string, store: ResourceStore | undefined, state: MockState): MockReply {
  if (!store)
    return errorReply(
      state,
      undefined,
      404,
      `this mock keeps no state, so there is nothing to reset at ${RESET_PATH}; start it with --stateful (startMock({ stateful: true }))`,
    );
  if (method !== 'POST')
    return errorReply(
      state,
      undefined,
      405,
      `${method} ${RESET_PATH} is not supported; send POST to reset the stored items`,
      { allow: 'POST' },
    );
  store.reset();
  return { status: 204, headers: {}, body: undefined };
}
