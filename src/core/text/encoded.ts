/**
 * Text pieces encoded as UTF-8 straight into buffers of about 1 MiB: a large
 * report (Stripe's 139 MB spec diff) is written a buffer at a time without
 * joining its pieces into one string per write first. Joining (flattening
 * thousands of small strings) and encoding the joined string cost four
 * times what writing each piece into a buffer does.
 */

/** `pieces` as UTF-8, in buffers of about `size` bytes (one piece larger than that gets a buffer of its own). */
export function* encoded(pieces: Iterable<string>, size = 1 << 20): Generator<Buffer> {
  let buffer = Buffer.allocUnsafe(size);
  let used = 0;
  for (const piece of pieces) {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair: 4 for 2), so this much room always suffices.
    const room = piece.length * 3;
    if (used + room > buffer.length && used > 0) {
      yield buffer.subarray(0, used);
      buffer = Buffer.allocUnsafe(Math.max(size, room));
      used = 0;
    } else if (room > buffer.length) buffer = Buffer.allocUnsafe(room);
    used += buffer.write(piece, used, 'utf8');
  }
  if (used > 0) yield buffer.subarray(0, used);
}
