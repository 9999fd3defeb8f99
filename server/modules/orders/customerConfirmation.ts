import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orders } from '../../../db/schema/orders';
import type { CustomerConfirmation } from '../../../domain/contracts/orders';
import type { OrderStatus, PaymentMethod } from '../../../domain/orders';
import { AppError } from '../../errors';
import { queueConfirmReminderMail } from '../mail/service';
import { isoTime, unconfirmedCod } from './ownerList';
import { noteOrderChange } from './status';

/** What the order's timeline says when the customer confirmed from the mail (in the owner's words, as its notes are). */
export const CUSTOMER_CONFIRMED_NOTE = 'Confirmed by the customer, from the link in the order mail';

/** Which link: Confirm my order, or paying by card (a cash order instead, or an owner's order from its pay link). */
export type OrderLinkPurpose = 'confirm' | 'pay';

/**
 * Why the link changes nothing on an order in this state (CONFIRMATION_CLOSED), or null while a cash order waits to
 * leave, or (the pay link) a card order waits for its payment.
 */
function closedBecause(order: { status: OrderStatus; paymentMethod: PaymentMethod; paidAt: string | null }, purpose: OrderLinkPurpose): CustomerConfirmation['closed'] {
  if (purpose === 'pay' && order.status === 'awaiting_payment') return null;
  if (order.status === 'cancelled') return 'cancelled';
  if (order.status === 'shipped' || order.status === 'delivered' || order.status === 'returned') return 'shipped';
  if (order.paymentMethod !== 'cod' || order.paidAt !== null) return 'paid';
  return null;
}

async function confirmationRow(db: DbOrTx, id: string, lock = false) {
  const query = db
    .select({
      id: orders.id,
      number: orders.number,
      total: orders.totalAmount,
      shipping: orders.shipping,
      status: orders.status,
      version: orders.version,
      paymentMethod: orders.paymentMethod,
      paidAt: isoTime(orders.paidAt),
      confirmedAt: isoTime(orders.customerConfirmedAt),
    })
    .from(orders)
    .where(eq(orders.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  return row;
}

const view = (row: Awaited<ReturnType<typeof confirmationRow>>, purpose: OrderLinkPurpose = 'confirm'): CustomerConfirmation => ({
  number: row.number,
  total: row.total,
  confirmedAt: row.confirmedAt,
  closed: closedBecause(row, purpose),
});

/**
 * What the pay link charges: the order's total, less its delivery when a cash order is paid by card first with
 * PREPAY_FREE_SHIPPING (a card order the owner placed had it waived when placed). The link's page says it, and
 * checkout/service.ts startPrepay asks Stripe for it.
 */
export function payLinkCharge(order: { status: OrderStatus; total: number; shipping: number }, prepayFreeShipping: boolean) {
  const waiveShipping = prepayFreeShipping && order.status !== 'awaiting_payment' && order.shipping > 0;
  return { waiveShipping, toPay: order.total - (waiveShipping ? order.shipping : 0) };
}

/** The order as the link's page shows it; reading it changes nothing (a mail scanner opening the link). */
export async function customerConfirmation(db: Db, id: string, purpose: OrderLinkPurpose): Promise<CustomerConfirmation & { status: OrderStatus; shipping: number }> {
  const row = await confirmationRow(db, id);
  return { ...view(row, purpose), status: row.status, shipping: row.shipping };
}

/**
 * The customer's "Confirm my order" (issue 47): recorded once, with its timeline event (the customer its actor) and the
 * order's version moved on, in one transaction; confirmed before, it is answered as it is. An order that has left, is
 * cancelled or is paid by card is refused (409) with why.
 */
export async function confirmByCustomer(db: Db, id: string): Promise<CustomerConfirmation> {
  return db.transaction(async (tx) => {
    const row = await confirmationRow(tx, id, true);
    const closed = closedBecause(row, 'confirm');
    if (closed) throw new AppError('conflict', { id: `error.confirmation.${closed}`, values: { number: String(row.number) } }, `confirmation_${closed}`);
    if (row.confirmedAt) return view(row);
    await noteOrderChange(tx, row, { actor: 'customer', note: CUSTOMER_CONFIRMED_NOTE });
    const [confirmed] = await tx
      .update(orders)
      .set({ customerConfirmedAt: new Date() })
      .where(eq(orders.id, id))
      .returning({ at: isoTime(orders.customerConfirmedAt) });
    return { ...view(row), confirmedAt: confirmed!.at };
  });
}

/**
 * The reminders' round (COD_CONFIRM_REMINDER_MAIL, issue 47): each cash order still new that its customer has not
 * confirmed `hours` after it was placed gets one reminder mail, never two: the order is marked reminded in the
 * transaction that writes the mail, and processes running the round at once take different orders (SKIP LOCKED). At
 * most `limit` a round; returns how many.
 */
export async function remindUnconfirmed(db: Db, hours: number, limit = 50): Promise<number> {
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(unconfirmedCod(hours), isNull(orders.confirmRemindedAt)))
      .orderBy(orders.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const reminded = await tx.update(orders).set({ confirmRemindedAt: new Date() }).where(inArray(orders.id, due)).returning({ id: orders.id, email: orders.email });
    for (const order of reminded) await queueConfirmReminderMail(tx, order);
    return reminded.length;
  });
}
