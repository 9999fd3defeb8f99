import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import { lineName } from '../../../domain/catalog';
import { giveBackCodeUse } from '../discounts/usage';
import { queuePaidAfterCancelMail, queuePaymentAlertMail } from '../mail/service';
import { queueOwnerPush } from '../push/service';
import { putBackStock } from './stock';

/** A card order's payment as Stripe reports it: its Checkout Session, the payment, alerts for the owner, and the card orders left unpaid. */
/**
 * An order as Stripe is to charge it: its status and current Checkout Session, what it charges beside the lines
 * (shipping, a code's discount), whom and in which language, and its lines as the customer read them (name with colour,
 * unit price in bani, quantity). Null when there is no such order.
 */
export async function cardOrderToPay(db: DbOrTx, id: string) {
  const [order] = await db
    .select({
      status: orders.status,
      stripeSessionId: orders.stripeSessionId,
      email: orders.email,
      shipping: orders.shipping,
      discount: orders.discount,
      discountCode: orders.discountCode,
      locale: orders.locale,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) return null;
  const lines = await db
    .select({ name: orderLines.name, colourLabel: orderLines.colourLabel, unitPrice: orderLines.unitPrice, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.id));
  return { ...order, lines: lines.map((line) => ({ name: lineName(line.name, line.colourLabel), unitAmount: line.unitPrice, quantity: line.quantity })) };
}

/**
 * Links a card order still awaiting payment to the Checkout Session that is to pay it (a replay after Stripe's
 * idempotency window gets a new one). False when the order is no longer awaiting payment (paid, cancelled) or gone:
 * the session of an order changes only while it awaits payment.
 */
export async function attachCheckoutSession(db: DbOrTx, id: string, stripeSessionId: string): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ stripeSessionId })
    .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment')))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/** Records the session that paid an order created paid (a single-product purchase), and when. */
export async function recordCardPayment(db: DbOrTx, id: string, payment: { stripeSessionId: string; paidAt: Date }): Promise<void> {
  await db.update(orders).set(payment).where(eq(orders.id, id));
}

/**
 * Records a card payment that arrived for an order already cancelled (the customer paid on Stripe's page while
 * the owner cancelled it), once, and writes the owners' alert to refund it. False when the order is not a
 * cancelled one without a payment.
 */
export async function recordPaymentAfterCancel(tx: DbOrTx, id: string, stripeSessionId: string): Promise<boolean> {
  const [late] = await tx
    .update(orders)
    .set({ paidAt: new Date(), stripeSessionId })
    .where(and(eq(orders.id, id), eq(orders.status, 'cancelled'), isNull(orders.paidAt)))
    .returning({ id: orders.id });
  if (late) await queuePaidAfterCancelMail(tx, late.id);
  return late !== undefined;
}

export type PaymentAlertKind = (typeof paymentAlerts.$inferInsert)['kind'];

/**
 * Records a card payment the owner must look at (its amount is not the order's, or the order was paid before by
 * another session) and writes the owners' alert (a mail, and their phones' notification), once per session: false when it was recorded before (a
 * redelivered event).
 */
export async function recordPaymentAlert(tx: DbOrTx, alert: { orderId: string; kind: PaymentAlertKind; stripeSessionId: string; amount: number | null; currency: string | null }): Promise<boolean> {
  const [recorded] = await tx.insert(paymentAlerts).values(alert).onConflictDoNothing().returning({ id: paymentAlerts.id });
  if (recorded) {
    await queuePaymentAlertMail(tx, alert.orderId, recorded.id);
    await queueOwnerPush(tx, 'payment_alert', alert.orderId);
  }
  return recorded !== undefined;
}

/** An order's total and the session that paid it, locked, for comparing a payment with it. */
export async function orderPaymentState(tx: DbOrTx, id: string) {
  const [order] = await tx.select({ total: orders.totalAmount, stripeSessionId: orders.stripeSessionId, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, id)).for('update');
  return order ?? null;
}

/**
 * Removes a card order that never got a Checkout Session (Stripe refused to make one), with its
 * lines. It was never acknowledged to anyone; an order that has a session, or has moved on, stays.
 */
export async function discardOrderWithoutSession(db: DbOrTx, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), isNull(orders.stripeSessionId)))
      .for('update');
    if (!order) return false;
    await giveBackCodeUse(tx, id);
    await putBackStock(tx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    return true;
  });
}

/** The order a Stripe Checkout Session pays (null before it exists), with the account it belongs to. */
export async function orderOfSession(db: Db, stripeSessionId: string) {
  const [order] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status, createdAt: orders.createdAt, userId: orders.userId })
    .from(orders)
    .where(eq(orders.stripeSessionId, stripeSessionId));
  return order ?? null;
}

/**
 * Card orders still awaiting payment that should have been settled by now: those that never got a
 * Checkout Session (placed before `noSessionBefore`), those whose session is older than `sessionBefore`, and those the
 * owner placed with a pay link (issue 47: their sessions are the link's, never attached) before `payLinkBefore`.
 * Oldest first, at most `limit`.
 */
export async function staleCardOrders(db: Db, { noSessionBefore, sessionBefore, payLinkBefore, limit = 100 }: { noSessionBefore: Date; sessionBefore: Date; payLinkBefore: Date; limit?: number }) {
  return db
    .select({ id: orders.id, stripeSessionId: orders.stripeSessionId, placedByOwner: orders.placedByOwner })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'awaiting_payment'),
        or(
          and(eq(orders.placedByOwner, false), isNull(orders.stripeSessionId), lt(orders.createdAt, noSessionBefore)),
          and(isNotNull(orders.stripeSessionId), lt(orders.createdAt, sessionBefore)),
          and(eq(orders.placedByOwner, true), lt(orders.createdAt, payLinkBefore)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}
