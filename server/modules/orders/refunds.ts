import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderEvents, orders, withdrawals } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { bucharestDay } from '../../../domain/locale';
import { formatMoney } from '../../../domain/money';
import { canRefundMove } from '../../../domain/orders';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { queueRefundMail } from '../mail/service';
import { orderForOwner } from './ownerOrder';

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
 * says so and the customer is told by mail. `how` names the way in the timeline.
 */
export async function refundPaid(tx: DbOrTx, order: typeof orders.$inferSelect, refund: typeof refunds.$inferSelect, paidOn: string, actor: { actor: 'owner' | 'stripe'; actorUserId: string | null }) {
  await tx.update(refunds).set({ status: 'paid', paidOn }).where(eq(refunds.id, refund.id));
  await tx
    .update(orders)
    .set({ version: order.version + 1 })
    .where(eq(orders.id, order.id));
  const how = refund.method === 'card' ? 'to the card' : 'by bank transfer';
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, ...actor, fromStatus: order.status, toStatus: order.status, note: `Refund of ${formatMoney(refund.amount, 'en')} paid ${how} on ${paidOn}` });
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
