/** Start a mock for one test and always close it. */

import type { MockOptions } from '../../src/mock/options.js';
import { type RunningMock, startMock } from '../../src/mock/start-mock.js';

/** Run `body` against a mock on port 0 started with `options`. */
export async function withMock<T>(options: MockOptions, body: (mock: RunningMock) => Promise<T>): Promise<T> {
  const mock = await startMock({ port: 0, ...options });
  try {
    return await body(mock);
  } finally {
    await mock.close();
  }
}

/** Path of a fixture under test/fixtures. */
export function fixturePath(relative: string): string {
  return new URL(`../fixtures/${relative}`, import.meta.url).pathname;
}
