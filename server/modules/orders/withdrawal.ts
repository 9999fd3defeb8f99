import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderEvents, orders } from '../../../db/schema/orders';
import type { WithdrawalReceipt } from '../../../domain/contracts/orders';
import { dayValue } from '../../../domain/issueValues';
import { WITHDRAWAL_TIMELINE_NOTE, type WithdrawalRequest, withdrawalLastDay, withdrawalNoteOf, withdrawalOpen } from '../../../domain/withdrawal';
import { AppError } from '../../errors';
import { countHits, type Limit, pruneExpiredCountersNowAndThen, refuseOverLimit } from '../../rateLimits';
import { queueWithdrawalMails } from '../mail/service';
import { receivedAtOf } from './received';

/** Per address asking: a customer who mistypes their number a few times, not someone trying numbers. */
export const WITHDRAWALS_PER_IP: Limit = { name: 'withdrawal:ip', max: 10, windowSeconds: 10 * 60 };

/**
 * Records a customer's withdrawal from an order (OUG 34/2014, the online form), while its period lasts
 * (domain/withdrawal.ts: 14 days from the day it was delivered, then to the next working day), and acknowledges it
 * by email, in one transaction: the request, its timeline event (the back office sees it live) and
 * its mails exist together or not at all. An order is found only by its number with the email it
 * was placed with; otherwise the answer is the same 404 whether the number exists or not. Every
 * request counts towards the address's limit, a found order too.
 */
export async function requestWithdrawal(db: Db, request: WithdrawalRequest & { ip: string }): Promise<WithdrawalReceipt> {
  await pruneExpiredCountersNowAndThen(db);
  refuseOverLimit(await countHits(db, [{ limit: WITHDRAWALS_PER_IP, value: request.ip }]), { id: 'error.withdrawal.tooMany' }, 'rate_limited');
  const email = request.email.trim().toLowerCase();
  const note = withdrawalNoteOf(request);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, paymentMethod: orders.paymentMethod, email: orders.email, version: orders.version, withdrawalRequestedAt: orders.withdrawalRequestedAt })
      .from(orders)
      .where(and(eq(orders.number, request.orderNumber), eq(sql`lower(${orders.email})`, email)))
      .for('update');
    if (!order) throw new AppError('not_found', { id: 'error.withdrawal.notFound' }, 'order_not_found');
    if (order.withdrawalRequestedAt) throw new AppError('conflict', { id: 'error.withdrawal.alreadyRequested' }, 'already_requested');
    if (order.status === 'cancelled') throw new AppError('conflict', { id: 'error.withdrawal.notWithdrawable' }, 'order_cancelled');
    const receivedAt = (await receivedAtOf(tx, [order.id])).get(order.id);
    const lastDay = receivedAt ? withdrawalLastDay(receivedAt) : null;
    if (!withdrawalOpen(lastDay, new Date())) throw new AppError('conflict', { id: 'error.withdrawal.periodOver', values: { day: dayValue(lastDay!) } }, 'period_over');
    // The courier collected the cash: the refund goes by bank transfer, to the account the customer gives here. A card
    // order's goes back to the card, and an order not yet paid owes nothing back: an account given for one is not kept.
    const paidInCash = order.paymentMethod === 'cod' && order.status === 'delivered';
    if (paidInCash && !request.iban) throw new AppError('bad_request', { id: 'error.withdrawal.iban.required' }, 'iban_required');
    const [updated] = await tx
      .update(orders)
      .set({ withdrawalRequestedAt: sql`now()`, withdrawalNote: note, withdrawalIban: paidInCash ? request.iban! : null, version: order.version + 1 })
      .where(eq(orders.id, order.id))
      .returning({ requestedAt: orders.withdrawalRequestedAt });
    // The status stays as it is (the owner moves it on when the parcel comes back): the event marks the request on the timeline.
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, actor: 'customer', fromStatus: order.status, toStatus: order.status, note: note ? `${WITHDRAWAL_TIMELINE_NOTE}. ${note}` : WITHDRAWAL_TIMELINE_NOTE });
    await queueWithdrawalMails(tx, { id: order.id, email: order.email });
    return { orderNumber: request.orderNumber, requestedAt: updated!.requestedAt!.toISOString(), email: order.email };
  });
}
