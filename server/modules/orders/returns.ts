import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orders, withdrawalLines, withdrawals } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/refunds';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { formatMoney } from '../../../domain/money';
import { canWithdrawalMove, withdrawalStatusAfterReceipt } from '../../../domain/orders';
import { returnCredit } from '../../../domain/returnCredit';
import { refundDueDay, type WithdrawnLine, withdrawnText } from '../../../domain/withdrawal';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { creditReturn, type Invoicing } from '../invoices/service';
import { queueReturnLabelMail } from '../mail/service';
import { orderForOwner } from './ownerOrder';
import { toViews } from './read';
import { noteOrderChange } from './status';
import { putBackReturned } from './stock';

/**
 * The owner's side of a withdrawal (issue 45): the goods received back, line by line, in one transaction that counts
 * them, puts their stock back, issues their credit note and records the refund it owes. The order's row is locked
 * first, as every change of the order locks it, so twenty clicks on Received make one credit note.
 */

/** The withdrawal and its order, the order's row locked; 404 when there is no such withdrawal. */
async function lockedWithdrawal(tx: DbOrTx, id: string) {
  const [found] = await tx.select({ orderId: withdrawals.orderId }).from(withdrawals).where(eq(withdrawals.id, id));
  if (!found) throw new AppError('not_found', { id: 'admin.error.noSuchWithdrawal' });
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
  const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
  return { order: order!, withdrawal: withdrawal! };
}

/**
 * The owner received (some of) a withdrawal's goods: `received` names the units of each line that arrived. Counted
 * against what the withdrawal named and had not received (more is refused, 409, and nothing is written); their stock
 * goes back (exactly once: domain/returnCredit's counting, stock.ts' putBackReturned); their credit note is issued
 * (the delivery too once the whole order is back), validated and reported like every document; the refund it owes is
 * recorded as due by the withdrawal's refund day, to the card or by transfer to the IBAN given. The order stays
 * delivered; the withdrawal becomes received, or received in part.
 */
export async function receiveReturn(db: Db, id: string, received: WithdrawnLine[], owner: SignedInUser, invoicing: Invoicing, at = new Date()): Promise<AdminOrder> {
  const orderId = await db.transaction(async (tx) => {
    const { order, withdrawal } = await lockedWithdrawal(tx, id);
    if (order.status !== 'delivered') throw new AppError('conflict', { id: 'admin.error.returnNotDelivered', values: { status: order.status } }, 'not_delivered');
    const units = await tx.select().from(withdrawalLines).where(eq(withdrawalLines.withdrawalId, id));
    for (const line of received) {
      const unit = units.find((item) => item.orderLineId === line.lineId);
      if (!unit) throw new AppError('bad_request', { id: 'admin.error.returnLineNotWithdrawn' }, 'line_not_withdrawn');
      if (line.quantity > unit.quantity - unit.received) {
        throw new AppError('conflict', { id: 'admin.error.returnAlreadyReceived', values: { left: unit.quantity - unit.received } }, 'already_received');
      }
    }
    // What came back of each line before, with any of the order's withdrawals: the credit and the stock count from it.
    const earlier = await tx
      .select({ lineId: withdrawalLines.orderLineId, received: sql<number>`sum(${withdrawalLines.received})::int` })
      .from(withdrawalLines)
      .innerJoin(withdrawals, eq(withdrawals.id, withdrawalLines.withdrawalId))
      .where(eq(withdrawals.orderId, order.id))
      .groupBy(withdrawalLines.orderLineId);
    const before = new Map(earlier.map((row) => [row.lineId, row.received]));
    const now = new Map(received.map((line) => [line.lineId, line.quantity]));
    for (const line of received) {
      await tx
        .update(withdrawalLines)
        .set({ received: sql`${withdrawalLines.received} + ${line.quantity}` })
        .where(and(eq(withdrawalLines.withdrawalId, id), eq(withdrawalLines.orderLineId, line.lineId)));
    }
    const status = withdrawalStatusAfterReceipt(
      withdrawal.status,
      units.map((unit) => ({ quantity: unit.quantity, received: unit.received + (now.get(unit.orderLineId) ?? 0) })),
    );
    if (status !== withdrawal.status && canWithdrawalMove(withdrawal.status, status)) await tx.update(withdrawals).set({ status }).where(eq(withdrawals.id, id));
    await putBackReturned(
      tx,
      received.map((line) => ({ lineId: line.lineId, before: before.get(line.lineId) ?? 0, now: line.quantity })),
    );

    const [view] = await toViews(tx, [order]);
    const credit = returnCredit(view!, before, now);
    const card = order.paymentMethod === 'card';
    const creditNote = await creditReturn(
      tx,
      view!,
      credit,
      card ? { settlement: 'refundToCard' } : { settlement: 'refundByTransfer', ...(withdrawal.iban ? { refundTo: withdrawal.iban } : {}) },
      id,
      invoicing,
      at,
    );
    const dueDay = refundDueDay(withdrawal.statedAt);
    if (credit.total > 0) {
      await tx
        .insert(refunds)
        .values({ orderId: order.id, withdrawalId: id, creditNoteId: creditNote?.id ?? null, amount: credit.total, method: card ? 'card' : 'transfer', iban: card ? null : withdrawal.iban, dueDay });
    }
    const note = [
      `Goods received back: ${withdrawnText(view!.lines, received)}`,
      creditNote ? `credit note ${creditNote.documentId}` : '',
      credit.total > 0 ? `refund of ${formatMoney(credit.total, 'en')} due by ${dueDay}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    await noteOrderChange(tx, order, { actor: 'owner', actorUserId: owner.id, note });
    return order.id;
  });
  return orderForOwner(db, orderId);
}

/**
 * The goods are on their way back without a return AWB of the shop's: the customer sends them themselves (issue 45).
 * Only from requested (409 otherwise); the timeline says so. Answers the order as it is now.
 */
export async function customerSendsBack(db: Db, id: string, owner: SignedInUser): Promise<AdminOrder> {
  const orderId = await db.transaction((tx) => goodsOnTheirWayBack(tx, id, { actorUserId: owner.id, note: 'The customer sends the goods back themselves' }));
  return orderForOwner(db, orderId);
}

/**
 * In `tx`: a withdrawal's goods are on their way back (issue 45), by the customer's own means or with the return AWB
 * the owner made (shipping/returnAwbs.ts, which passes `returnAwb`: the customer is mailed its label). The withdrawal
 * becomes returning, only from requested (409 otherwise); the order's timeline says how. Returns the order's id.
 */
export async function goodsOnTheirWayBack(tx: DbOrTx, id: string, change: { actorUserId?: string; note: string; returnAwb?: boolean }): Promise<string> {
  const { order, withdrawal } = await lockedWithdrawal(tx, id);
  if (!canWithdrawalMove(withdrawal.status, 'returning')) throw new AppError('conflict', { id: 'admin.error.returnNotRequested' }, 'not_requested');
  await tx.update(withdrawals).set({ status: 'returning' }).where(eq(withdrawals.id, id));
  await noteOrderChange(tx, order, { actor: 'owner', actorUserId: change.actorUserId, note: change.note });
  if (change.returnAwb) await queueReturnLabelMail(tx, order, id);
  return order.id;
}
