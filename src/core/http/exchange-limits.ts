/**
 * How long an exchange may take and how large an answer may be, where the
 * contract runner and the proxy read answers off the wire: one deadline and
 * one body cap, so both judge the same server alike.
 */
export const EXCHANGE_LIMITS = {
  /** A complete answer within this many milliseconds, else a transport failure. */
  timeoutMs: 10_000,
  /** A larger answer body is a transport failure (`too-large`). */
  maxBodyBytes: 10 * 1024 * 1024,
} as const;
