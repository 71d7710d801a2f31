/** A server that stops answering costs one timeout, not one per generated case. */
import { describe, expect, it } from 'vitest';
import { contractAgainst } from './cli-harness.js';

describe('transport failures', () => {
  it('a server whose static cases time out gets no generated case', async () => {
    const started = performance.now();
    const run = await contractAgainst('hang', ['--timeout', '200', '--seed', '3']);
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      'stopped: 3 requests in a row got no response (last: timeout: no complete response within 200 ms)',
    );
    expect(run.out).not.toMatch(/generated\/(boundary|positive|negative)/);
    expect(run.app.requests).toHaveLength(3);
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it('a response over the size cap also stops the generated cases', async () => {
    const run = await contractAgainst('huge-body', ['--seed', '3']);
    expect(run.out).toContain('got no usable response (too-large)');
    expect(run.app.requests.length).toBeLessThan(30);
  });
});
