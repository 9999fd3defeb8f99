import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders, withdrawalLines, withdrawals } from '../../../db/schema/orders';
import { lineName } from '../../../domain/catalog';
import type { WithdrawalOrder, WithdrawalReceipt } from '../../../domain/contracts/orders';
import { dayValue } from '../../../domain/issueValues';
import { refundDueDay, unitsLeft, WITHDRAWAL_TIMELINE_NOTE, type WithdrawalRequest, withdrawalLastDay, withdrawalOpen, withdrawnLinesProblem, withdrawnText } from '../../../domain/withdrawal';
import { AppError } from '../../errors';
import { countHits, type Limit, pruneExpiredCountersNowAndThen, refuseOverLimit } from '../../rateLimits';
import { queueWithdrawalMails } from '../mail/service';
import { lineView } from './lineView';
import { receivedAtOf } from './received';
import { noteOrderChange } from './status';

/**
 * Per address asking: a customer who mistypes their number a few times, not someone trying numbers. Finding the order
 * and confirming the statement count one each.
 */
export const WITHDRAWALS_PER_IP: Limit = { name: 'withdrawal:ip', max: 20, windowSeconds: 10 * 60 };

type Asked = { orderNumber: number; email: string; ip: string };

/** Counts a request towards its address's limit, before and outside the transaction that looks for the order: a miss counts too. */
async function countAttempt(db: Db, ip: string) {
  await pruneExpiredCountersNowAndThen(db);
  refuseOverLimit(await countHits(db, [{ limit: WITHDRAWALS_PER_IP, value: ip }]), { id: 'error.withdrawal.tooMany' }, 'rate_limited');
}

/**
 * The order a withdrawal is about, found only by its number with the email it was placed with (otherwise the same 404
 * whether the number exists or not), locked when `lock`, with its lines and the units still the customer's; refused
 * when it was cancelled or came back, or when its period is over.
 */
async function withdrawableOrder(tx: DbOrTx, asked: Asked, lock: boolean) {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.number, asked.orderNumber), eq(sql`lower(${orders.email})`, asked.email.trim().toLowerCase())));
  const [order] = lock ? await query.for('update') : await query;
  if (!order) throw new AppError('not_found', { id: 'error.withdrawal.notFound' }, 'order_not_found');
  if (order.status === 'cancelled') throw new AppError('conflict', { id: 'error.withdrawal.notWithdrawable' }, 'order_cancelled');
  if (order.status === 'returned') throw new AppError('conflict', { id: 'error.withdrawal.cameBack' }, 'order_returned');
  const [lines, received, withdrawn] = await Promise.all([
    tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    receivedAtOf(tx, [order.id]),
    tx
      .select({ lineId: withdrawalLines.orderLineId, quantity: withdrawalLines.quantity })
      .from(withdrawalLines)
      .innerJoin(withdrawals, eq(withdrawals.id, withdrawalLines.withdrawalId))
      .where(eq(withdrawals.orderId, order.id)),
  ]);
  const receivedAt = received.get(order.id);
  const lastDay = receivedAt ? withdrawalLastDay(receivedAt) : null;
  if (!withdrawalOpen(lastDay, new Date())) throw new AppError('conflict', { id: 'error.withdrawal.periodOver', values: { day: dayValue(lastDay!) } }, 'period_over');
  const left = unitsLeft(lines, withdrawn);
  if ([...left.values()].every((units) => units <= 0)) throw new AppError('conflict', { id: 'error.withdrawal.alreadyRequested' }, 'already_requested');
  // The courier collected the cash: the refund goes by bank transfer, to the account the customer gives. A card
  // order's goes back to the card, and an order not yet paid owes nothing back.
  const paidInCash = order.paymentMethod === 'cod' && order.status === 'delivered';
  return { order, lines, left, lastDay, paidInCash };
}

/** The statement's first step (POST /api/orders/withdrawal/order): the order found, its customer's name and the units they may withdraw from. Records nothing. */
export async function orderToWithdraw(db: Db, asked: Asked): Promise<WithdrawalOrder> {
  await countAttempt(db, asked.ip);
  const { order, lines, left, lastDay, paidInCash } = await withdrawableOrder(db, asked, false);
  return {
    orderNumber: order.number,
    name: `${order.firstName} ${order.lastName}`.trim(),
    email: order.email,
    ibanRequired: paidInCash,
    lastDay,
    lines: lines.map((line) => {
      const { id, name, colour, quantity } = lineView(line);
      return { id, name, colour, quantity, left: Math.max(left.get(id) ?? 0, 0) };
    }),
  };
}

/**
 * Records a customer's withdrawal from (part of) an order (OUG 34/2014 art. 11¹, the statement's Confirm withdrawal),
 * while its period lasts (domain/withdrawal.ts: 14 days from the day it was delivered, then to the next working day),
 * and acknowledges it by email, in one transaction: the withdrawal and its lines, its timeline event (the back office
 * sees it live) and its mails exist together or not at all. The order's row is locked while the units left are
 * counted, so two statements of the same units cannot both pass: the second is refused (409).
 */
export async function requestWithdrawal(db: Db, request: WithdrawalRequest & { ip: string }): Promise<WithdrawalReceipt> {
  await countAttempt(db, request.ip);
  return db.transaction(async (tx) => {
    const { order, lines, left, paidInCash } = await withdrawableOrder(tx, request, true);
    const wrong = withdrawnLinesProblem(request.lines, left);
    if (wrong?.problem === 'unknown') throw new AppError('bad_request', { id: 'error.withdrawal.lines.unknown' }, 'unknown_line');
    if (wrong) {
      const line = lines.find((item) => item.id === wrong.lineId)!;
      const product = lineName(line.name, line.colourLabel ?? line.colour);
      if (wrong.problem === 'already') throw new AppError('conflict', { id: 'error.withdrawal.lines.already', values: { product } }, 'already_requested');
      throw new AppError('bad_request', { id: 'error.withdrawal.lines.tooMany', values: { product, left: wrong.left } }, 'too_many_units');
    }
    if (paidInCash && !request.iban) throw new AppError('bad_request', { id: 'error.withdrawal.iban.required' }, 'iban_required');
    const [withdrawal] = await tx
      .insert(withdrawals)
      .values({ orderId: order.id, reason: request.reason ?? null, iban: paidInCash ? request.iban! : null })
      .returning({ id: withdrawals.id, statedAt: withdrawals.statedAt });
    await tx.insert(withdrawalLines).values(request.lines.map((line) => ({ withdrawalId: withdrawal!.id, orderLineId: line.lineId, quantity: line.quantity })));
    // The status stays as it is (the withdrawal has its own): the event marks the statement on the timeline.
    const products = withdrawnText(lines.map(lineView), request.lines);
    const note = [WITHDRAWAL_TIMELINE_NOTE, `Products: ${products}`, request.reason ? `Reason: ${request.reason}` : ''].filter(Boolean).join('. ');
    await noteOrderChange(tx, order, { actor: 'customer', note });
    await queueWithdrawalMails(tx, { id: order.id, email: order.email }, withdrawal!.id);
    const statedAt = withdrawal!.statedAt;
    return { orderNumber: order.number, requestedAt: statedAt.toISOString(), email: order.email, refundDueDay: refundDueDay(statedAt) };
  });
}
