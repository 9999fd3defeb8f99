import type { OrderRequest } from '../../../domain/checkout';
import type { Config } from '../../env';
import { type Hit, type Limit, type Refusal, refuseOverLimit } from '../../rateLimits';

/**
 * How many orders one connection (IP address), and one email address or phone number, may place
 * in a window. The defaults (10 and 5 in 10 minutes) are far above what a real customer does, and
 * far below a script placing orders in a loop.
 */
export interface OrderLimits {
  perIp: number;
  perContact: number;
  windowSeconds: number;
  /** The most one order may total, in bani (ORDER_MAX_TOTAL_LEI; domain/pricing's MAX_ORDER_TOTAL when absent). */
  maxTotal?: number;
}

/** The settings they come from (server/env.ts). */
export type OrderLimitSettings = Pick<Config, 'ORDER_LIMIT_PER_IP' | 'ORDER_LIMIT_PER_CONTACT' | 'ORDER_LIMIT_WINDOW_SECONDS' | 'ORDER_MAX_TOTAL_LEI'>;

export function orderLimitsFrom(config: OrderLimitSettings): OrderLimits {
  return { perIp: config.ORDER_LIMIT_PER_IP, perContact: config.ORDER_LIMIT_PER_CONTACT, windowSeconds: config.ORDER_LIMIT_WINDOW_SECONDS, maxTotal: config.ORDER_MAX_TOTAL_LEI * 100 };
}

/** Who places the order, as far as limits are concerned. */
export interface Visitor {
  /** The client's address (from X-Forwarded-For only with TRUST_PROXY). */
  ip: string;
}

/** One phone number written several ways ("+40 712 345 678", "0712345678") is one number: its last nine digits. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').slice(-9);
}

const ORDER_LIMIT_PER_IP = 'order:ip';

/**
 * The hits a new order counts: its connection, email and phone number. placeOrder counts them in the order's own
 * statement, inside its transaction, after placing it: a refusal (refuseOrder) then rolls the order back with the
 * count, so only orders kept are counted, and a replay of an order already placed counts nothing.
 */
export function orderHits(limits: OrderLimits, visitor: Visitor, request: OrderRequest): Hit[] {
  const limit = (name: string, max: number): Limit => ({ name, max, windowSeconds: limits.windowSeconds });
  return [
    { limit: limit(ORDER_LIMIT_PER_IP, limits.perIp), value: visitor.ip },
    { limit: limit('order:email', limits.perContact), value: request.email.toLowerCase() },
    { limit: limit('order:phone', limits.perContact), value: phoneKey(request.phoneNumber) },
  ];
}

/** Throws a 429 when the order's hits put its connection, email or phone number over its limit. */
export function refuseOrder(refused: Refusal): void {
  refuseOverLimit(
    refused,
    (over) => (over.some((refusal) => refusal.limit.name === ORDER_LIMIT_PER_IP) ? { id: 'message.tooManyOrdersFromConnection' } : { id: 'message.tooManyOrdersForContact' }),
    'too_many_orders',
  );
}
