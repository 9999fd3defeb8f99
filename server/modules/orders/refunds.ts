import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orders, withdrawals } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { bucharestDay } from '../../../domain/locale';
import { formatMoney } from '../../../domain/money';
import { canRefundMove } from '../../../domain/orders';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { queueRefundMail } from '../mail/service';
import { orderForOwner } from './ownerOrder';
import { noteOrderChange } from './status';

/**
 * Paying back what goods sent back are owed (issue 45): a bank transfer the owner made and records, or a card refund
 * asked of Stripe and confirmed by its webhook. Each locks its order's row first, as every change of the order does.
 */

/** A refund and its order, the order's row locked; 404 when there is no such refund. */
export async function lockedRefund(tx: DbOrTx, id: string) {
  const [found] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, id));
  if (!found) throw new AppError('not_found', { id: 'admin.error.noSuchRefund' });
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id));
  return { order: order!, refund: refund! };
}

/**
 * Marks a refund paid on `paidOn` (a Bucharest day), in the caller's transaction, the order's row locked: its timeline
 * says so and the customer is told by mail.
 */
export async function refundPaid(tx: DbOrTx, order: typeof orders.$inferSelect, refund: typeof refunds.$inferSelect, paidOn: string, actor: { actor: 'owner' | 'stripe'; actorUserId: string | null }) {
  await tx.update(refunds).set({ status: 'paid', paidOn }).where(eq(refunds.id, refund.id));
  const how = refund.method === 'card' ? 'to the card' : 'by bank transfer';
  await noteOrderChange(tx, order, { ...actor, note: `Refund of ${formatMoney(refund.amount, 'en')} paid ${how} on ${paidOn}` });
  await queueRefundMail(tx, { id: order.id, email: order.email }, refund.id);
}

/**
 * The owner paid a refund by bank transfer, on `paidOn` (YYYY-MM-DD, Bucharest): not before the customer's statement,
 * not after today. Only a transfer still due: a card refund goes through Stripe, and one already paid is refused (409).
 */
export async function recordTransfer(db: Db, id: string, paidOn: string, owner: SignedInUser, now = new Date()): Promise<AdminOrder> {
  const orderId = await db.transaction(async (tx) => {
    const { order, refund } = await lockedRefund(tx, id);
    if (refund.method !== 'transfer') throw new AppError('conflict', { id: 'admin.error.refundByCard' }, 'card_refund');
    if (!canRefundMove(refund.status, 'paid')) throw new AppError('conflict', { id: 'admin.error.refundAlreadyPaid' }, 'already_paid');
    const [withdrawal] = await tx.select({ statedAt: withdrawals.statedAt }).from(withdrawals).where(eq(withdrawals.id, refund.withdrawalId));
    if (paidOn > bucharestDay(now) || paidOn < bucharestDay(withdrawal!.statedAt)) throw new AppError('bad_request', { id: 'admin.error.refundDay' }, 'refund_day');
    await refundPaid(tx, order, refund, paidOn, { actor: 'owner', actorUserId: owner.id });
    return order.id;
  });
  return orderForOwner(db, orderId);
}

/** What Stripe says of a refund it was asked for (checkout/ passes it on; orders knows nothing of Stripe). */
export interface CardRefundNews {
  stripeRefundId: string;
  /** Stripe's refund status: succeeded, pending, requires_action, failed or canceled. */
  status: string;
  /** The shop's refund it is, from the metadata the shop gave it. */
  refundId: string | undefined;
}

/**
 * A card refund about to be asked of Stripe: still due, by card, of an order Stripe was paid for (its Checkout
 * Session). `ask` null when it was asked already (a double click): nothing more is asked. 409 otherwise, nothing written.
 */
export async function cardRefundToAsk(db: Db, id: string): Promise<{ orderId: string; ask: { sessionId: string; amount: number; idempotencyKey: string; metadata: Record<string, string> } | null }> {
  return db.transaction(async (tx) => {
    const { order, refund } = await lockedRefund(tx, id);
    if (refund.method !== 'card') throw new AppError('conflict', { id: 'admin.error.refundByTransfer' }, 'transfer_refund');
    if (refund.status === 'sent') return { orderId: order.id, ask: null };
    if (refund.status !== 'due') throw new AppError('conflict', { id: 'admin.error.refundAlreadyPaid' }, 'already_paid');
    if (!order.stripeSessionId) throw new AppError('conflict', { id: 'admin.error.refundNoCardPayment' }, 'no_card_payment');
    return {
      orderId: order.id,
      ask: {
        sessionId: order.stripeSessionId,
        amount: refund.amount,
        // The credit note's (the refund's own for an order without one): asked again, Stripe answers with the same refund.
        // After a refund Stripe failed, a new key (derived from the failed one), for a new refund.
        idempotencyKey: `refund-${refund.creditNoteId ?? refund.id}${refund.stripeRefundId ? `-after-${refund.stripeRefundId}` : ''}`,
        metadata: { refundId: refund.id, orderId: order.id, orderNumber: String(order.number) },
      },
    };
  });
}

/**
 * Stripe's answer to a card refund asked for: succeeded, it is paid today (the customer is told); pending, it is sent,
 * and Stripe's webhook settles it. A refund Stripe refused stays due (409 with Stripe's status), to pay another way.
 */
export async function recordCardRefund(db: Db, id: string, news: CardRefundNews, owner: SignedInUser, now = new Date()): Promise<AdminOrder> {
  const orderId = await db.transaction(async (tx) => {
    const { order, refund } = await lockedRefund(tx, id);
    if (refund.status === 'due' && (news.status === 'failed' || news.status === 'canceled')) {
      throw new AppError('conflict', { id: 'admin.error.stripeRefundRefused', values: { status: news.status } }, 'stripe_refused');
    }
    if (refund.status === 'due') {
      await tx.update(refunds).set({ status: 'sent', stripeRefundId: news.stripeRefundId }).where(eq(refunds.id, id));
      if (news.status === 'succeeded') await refundPaid(tx, order, { ...refund, status: 'sent' }, bucharestDay(now), { actor: 'owner', actorUserId: owner.id });
    }
    return order.id;
  });
  return orderForOwner(db, orderId);
}

/**
 * Stripe's webhook on refunds (charge.refunded, refund.updated, refund.failed): each of the shop's refunds Stripe says
 * succeeded is paid, on the Bucharest day the news came; one it says failed is due again; one already paid, or not the
 * shop's, changes nothing. In the webhook's transaction. Returns how many it changed.
 */
export async function settleCardRefunds(tx: DbOrTx, news: CardRefundNews[], now = new Date()): Promise<number> {
  let settled = 0;
  for (const item of news) {
    if (!item.refundId) continue;
    const [known] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, item.refundId));
    if (!known) continue;
    const { order, refund } = await lockedRefund(tx, known.id);
    if (item.status === 'failed' || item.status === 'canceled') {
      // Stripe could not pay it back (a closed card…): due again, for the owner to refund again or by transfer.
      if (refund.status !== 'sent' || refund.stripeRefundId !== item.stripeRefundId || !canRefundMove('sent', 'due')) continue;
      await tx.update(refunds).set({ status: 'due' }).where(eq(refunds.id, refund.id));
      // The order moves on (a page showing the refund as sent is stale), with its timeline's event.
      await noteOrderChange(tx, order, { actor: 'stripe', note: `Stripe could not make the refund of ${formatMoney(refund.amount, 'en')} (${item.status}): it is due again` });
      settled += 1;
      continue;
    }
    if (item.status !== 'succeeded') continue;
    if (refund.method !== 'card' || !canRefundMove(refund.status, 'paid')) continue;
    if (!refund.stripeRefundId) await tx.update(refunds).set({ stripeRefundId: item.stripeRefundId }).where(eq(refunds.id, refund.id));
    await refundPaid(tx, order, refund, bucharestDay(now), { actor: 'stripe', actorUserId: null });
    settled += 1;
  }
  return settled;
}
