/**
 * Which exchanges a proxy report lists, and which keep their request and
 * answer: the one rule the JSON and JUnit reports share. A proxy may run
 * for hours, so at most MAX_RECORDED exchanges are listed, the first
 * MAX_DETAILED of those with violations carry their request and answer
 * (proxy/exchange-record.ts keeps them only for those), and later ones
 * keep their violations only.
 */
import type { ProxyExchange } from '../proxy/types.js';

/** Exchanges a report lists; later ones are counted: a clean exchange is a few hundred bytes. */
export const MAX_RECORDED = 100_000;

/** Exchanges listed with their request and answer (up to 4 KiB of body each); later ones keep their violations only. */
export const MAX_DETAILED = 1_000;

/** Hands on the exchanges of one report, cutting the detail of those past the budget. */
export interface DetailBudget {
  /** The exchange, without its request and answer once `maxDetailed` exchanges carried theirs. */
  keep(exchange: ProxyExchange): ProxyExchange;
  /** Exchanges whose detail was cut so far. */
  omitted(): number;
}

/** A budget of `maxDetailed` exchanges with detail. */
export function createDetailBudget(maxDetailed: number): DetailBudget {
  let detailed = 0;
  let omitted = 0;
  return {
    keep(exchange) {
      if (exchange.request === null && exchange.response === null) return exchange;
      if (detailed < maxDetailed) {
        detailed += 1;
        return exchange;
      }
      omitted += 1;
      return { ...exchange, request: null, response: null };
    },
    omitted: () => omitted,
  };
}
