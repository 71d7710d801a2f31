/**
 * Issue 18 section 7: the kit agrees with itself on specs as frameworks
 * generate them. `plantkit mock --stateful` of a spec that documents its
 * successes and nothing else (no 400, no 401, no 404) answers a missing
 * item with 404, bad input with 400 and bad credentials with 401, as HTTP
 * calls for; `plantkit contract` against
 * it, with its default phases and several seeds, finds no failure and lists
 * those answers as spec gaps.
 */
import { describe, expect, test } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { startMock } from '../../src/mock/start-mock.js';

const FRAMEWORK = 'test/fixtures/framework';

/** A fresh stateful mock of `spec`, and a default contract run against it. */
async function selfRun(spec: string, seed: number) {
  const mock = await startMock({ spec, port: 0, stateful: true, watch: false });
  try {
    // The mock accepts any well-formed token (the todos spec asks for a bearer token, as @ApiBearerAuth() writes it).
    return await runContract({ baseUrl: mock.url, spec, seed, token: 'any-token' });
  } finally {
    await mock.close();
  }
}

/** `case: check message` of every finding that is not a spec gap. */
function failures(result: Awaited<ReturnType<typeof selfRun>>): string[] {
  return result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.class !== 'spec-gap')
      .map((finding) => `${item.case.id}: ${finding.check} ${finding.message}`),
  );
}

describe('mock --stateful of a framework-generated spec passes contract', () => {
  test.each([
    ['todos-nest-3.0.yaml', 1],
    ['todos-nest-3.0.yaml', 2],
    ['todos-nest-3.0.yaml', 3],
    ['files-express-3.0.yaml', 1],
    ['files-express-3.0.yaml', 2],
    ['notes-fastapi-3.1.yaml', 1],
  ])('%s, seed %i: zero failures, spec gaps listed', async (file, seed) => {
    const result = await selfRun(`${FRAMEWORK}/${file}`, seed);
    expect(failures(result), `seed ${seed}`).toEqual([]);
    expect(result.failed).toBe(0);
    // Every gap is a 404 for an id the run made up, a 400 for invalid input or a 401 on an auth case: nothing else is
    // missing from these specs.
    for (const gap of result.specGaps) expect([400, 401, 404]).toContain(gap.status);
    if (file !== 'notes-fastapi-3.1.yaml')
      expect(result.specGaps.map((gap) => `${gap.status} ${gap.reason}`)).toContain(
        `404 the run made up the resource's id`,
      );
  });

  test('the stateful phase follows the todos across calls, its deletes answered by undocumented 404s', async () => {
    const result = await selfRun(`${FRAMEWORK}/todos-nest-3.0.yaml`, 4);
    const sequences = result.results.filter((item) => item.case.kind === 'stateful');
    expect(sequences.length).toBeGreaterThan(1);
    expect(sequences.map((item) => item.verdict)).toEqual(sequences.map(() => 'passed'));
    // A read and a second delete after the delete: "not found", undocumented, is a spec gap and passes.
    const notFound = result.specGaps.filter((gap) => gap.status === 404);
    expect(notFound.flatMap((gap) => gap.cases).filter((id) => id.includes('/stateful/')).length).toBeGreaterThan(0);
  });
});
