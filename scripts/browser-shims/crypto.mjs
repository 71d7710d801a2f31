// `node:crypto` in the browser build, over Web Crypto: what the mock pipeline calls.
const webCrypto = globalThis.crypto;

export function randomBytes(size) {
  const bytes = new Uint8Array(size);
  webCrypto.getRandomValues(bytes);
  return Buffer.from(bytes.buffer);
}

export function randomInt(min, max) {
  const [low, high] = max === undefined ? [0, min] : [min, max];
  const [word] = webCrypto.getRandomValues(new Uint32Array(1));
  return low + (word % (high - low));
}

export function randomUUID() {
  return webCrypto.randomUUID();
}

/** Constant time over equal lengths, as Node's: callers compare lengths first. */
export function timingSafeEqual(a, b) {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a[index] ^ b[index];
  return difference === 0;
}

export function createHash() {
  throw new Error('crypto.createHash is not part of plantkit browser build (it needs Node)');
}

export default { randomBytes, randomInt, randomUUID, timingSafeEqual, createHash };
