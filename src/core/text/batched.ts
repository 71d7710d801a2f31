/**
 * Joining many small pieces of text into few writes: a large report (a
 * GitHub-sized run's JSON, Stripe's 139 MB spec diff) is made in pieces so
 * that it never exists as one string, and written about 1 MiB at a time so
 * that it is not written a piece at a time either.
 */

/** Pieces of about `size` characters joined from `chunks`: few writes, none of them huge. */
export function* batched(chunks: Iterable<string>, size = 1 << 20): Generator<string> {
  let pending: string[] = [];
  let length = 0;
  for (const chunk of chunks) {
    pending.push(chunk);
    length += chunk.length;
    if (length < size) continue;
    yield pending.join('');
    [pending, length] = [[], 0];
  }
  if (length > 0) yield pending.join('');
}
