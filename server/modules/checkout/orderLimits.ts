import type { OrderRequest } from '../../../domain/checkout';
import type { DbOrTx } from '../../../db/client';
import type { Config } from '../../env';
import { countHits, type Limit, refuseOverLimit } from '../../rateLimits';

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

/**
 * Counts a newly placed order against its connection, email and phone number; throws a 429 when
 * one of them is over its limit. Call it inside the order's transaction, after placing it: the
 * refusal then rolls the order back with the count, so only orders kept are counted.
 */
export async function countOrder(tx: DbOrTx, limits: OrderLimits, visitor: Visitor, request: OrderRequest): Promise<void> {
  const perIp: Limit = { name: 'order:ip', max: limits.perIp, windowSeconds: limits.windowSeconds };
  const perEmail: Limit = { name: 'order:email', max: limits.perContact, windowSeconds: limits.windowSeconds };
  const perPhone: Limit = { name: 'order:phone', max: limits.perContact, windowSeconds: limits.windowSeconds };
  const refused = await countHits(tx, [
    { limit: perIp, value: visitor.ip },
    { limit: perEmail, value: request.email.toLowerCase() },
    { limit: perPhone, value: phoneKey(request.phoneNumber) },
  ]);
  refuseOverLimit(
    refused,
    (over) => (over.some((refusal) => refusal.limit === perIp) ? { id: 'message.tooManyOrdersFromConnection' } : { id: 'message.tooManyOrdersForContact' }),
    'too_many_orders',
  );
}
