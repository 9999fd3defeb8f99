import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema/orders';
import { withdrawalLastDay } from '../../../domain/withdrawal';
import { invoicesOfOrders } from '../invoices/read';
import type { OrderMailSource } from '../mail/rendering';
import { orderAccessToken, orderConfirmKey, orderPrepayKey, orderReviewKey } from './accessToken';
import { lineView } from './lineView';
import { receivedAtOf } from './received';
import { withdrawalsOf } from './withdrawalViews';

/**
 * Orders as their mails tell them, for the mail module, which renders what it is given and never reads orders
 * itself: each order as it is now, with its lines, its withdrawal deadline, its invoices' PDF links and the signed link to its page on
 * `shopUrl` (AUTH_SECRET `secret`), and, with `prepay` (the cart takes cards), its link to pay a cash order by card
 * instead (its delivery then free with `prepayFreeShipping`). Null for an order that is gone.
 */
export function orderMailSource(db: Db, secret: string, shopUrl: string, { prepay = false, prepayFreeShipping = false }: { prepay?: boolean; prepayFreeShipping?: boolean } = {}): OrderMailSource {
  return async (orderId) => {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return null;
    const [lines, received, invoices, withdrawn] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
      receivedAtOf(db, [orderId]),
      invoicesOfOrders(db, [orderId]),
      withdrawalsOf(db, [orderId]),
    ]);
    const receivedAt = received.get(orderId);
    return {
      ...order,
      total: order.totalAmount,
      paidAt: order.paidAt?.toISOString() ?? null,
      withdrawals: withdrawn.get(orderId) ?? [],
      withdrawalLastDay: receivedAt ? withdrawalLastDay(receivedAt) : null,
      lines: lines.map(lineView),
      statusUrl: `${shopUrl}/orders/${order.id}?token=${orderAccessToken(secret, order.id)}`,
      confirmUrl: `${shopUrl}/orders/${order.id}/confirm?key=${orderConfirmKey(secret, order.id)}`,
      reviewUrl: `${shopUrl}/orders/${order.id}/review?key=${orderReviewKey(secret, order.id)}`,
      payUrl: prepay ? `${shopUrl}/orders/${order.id}/pay?key=${orderPrepayKey(secret, order.id)}` : null,
      prepayFreeShipping: prepay && prepayFreeShipping,
      invoices: (invoices.get(orderId) ?? []).map(({ documentId, kind, pdfPath }) => ({ documentId, kind, pdfUrl: `${shopUrl}${pdfPath}` })),
    };
  };
}
