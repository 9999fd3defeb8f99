import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { orderEvents, orders } from '../../../db/schema/orders';
import { invoiceAction } from '../../../domain/invoice';
import { canTransition, type OrderActor, type OrderStatus, type PaymentMethod, RESTOCKING_STATUSES } from '../../../domain/orders';
import { giveBackCodeUse } from '../discounts/usage';
import { type Invoicing, invoiceStatusChange } from '../invoices/service';
import { queueStatusMails } from '../mail/service';
import { queueOwnerPush } from '../push/service';
import { toViews } from './read';
import { putBackStock } from './stock';

/** An order's status changes: the one way it moves on, and an AWB cancelled before pickup taking it back. */
/** What became of a request to move an order on. */
export type StatusChange = 'changed' | 'not_allowed' | 'stale' | 'unknown_order';

export interface StatusChangeOptions {
  /** Who makes the change (the timeline's "who"), and the owner's user id for the owner's changes. */
  actor: OrderActor;
  actorUserId?: string;
  /** Only from this status: a caller acting for one status (Stripe's expiry for an unpaid order) changes nothing else. */
  from?: OrderStatus;
  /** Only if the order is still at this version (the owner's view of it); otherwise 'stale'. */
  version?: number;
  note?: string | null;
  /**
   * Fields set with the change; `paymentMethod` card when a cash order is paid by card instead (issue 47), and
   * `waiveShipping` when its delivery is free for paying first (PREPAY_FREE_SHIPPING): its total loses its shipping.
   */
  set?: { paidAt?: Date; stripeSessionId?: string; paymentMethod?: PaymentMethod; carrier?: string; trackingNumber?: string; cancelReason?: string; waiveShipping?: boolean };
  /** The shop's invoicing: the change issues the order's invoice, or its credit note, when it calls for one. */
  invoicing?: Invoicing | null;
}

/**
 * The one way an order's status changes: only as domain/orders allows from the status it is in.
 * The row is locked while it is checked, so of two concurrent changes one waits and then sees the
 * other's result. Each change bumps the version, writes a timeline event and, into cancelled or
 * returned, puts the order's stock back (once: those statuses are final); with `invoicing`, it issues
 * the invoice or the credit note the change calls for (invoices/service.ts), in the same transaction.
 */
export async function changeOrderStatus(db: DbOrTx, id: string, to: OrderStatus, options: StatusChangeOptions): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status, version: orders.version, email: orders.email }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) return 'unknown_order';
    if (options.version !== undefined && order.version !== options.version) return 'stale';
    if ((options.from !== undefined && order.status !== options.from) || !canTransition(order.status, to)) return 'not_allowed';
    const { waiveShipping, ...set } = options.set ?? {};
    const waived = waiveShipping ? { shipping: 0, shippingVat: 0, totalAmount: sql`${orders.totalAmount} - ${orders.shipping}` } : {};
    await tx
      .update(orders)
      .set({ ...set, ...waived, status: to, version: order.version + 1 })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({ orderId: id, actor: options.actor, actorUserId: options.actorUserId ?? null, fromStatus: order.status, toStatus: to, note: options.note ?? null });
    // A cancelled order never happened: its discount code's use is given back (before the stock: a code's row is
    // locked before products' rows, as placing an order does, so the two never deadlock).
    if (to === 'cancelled') await giveBackCodeUse(tx, id);
    if ((RESTOCKING_STATUSES as readonly OrderStatus[]).includes(to)) await putBackStock(tx, id);
    await queueStatusMails(tx, { orderId: id, email: order.email, from: order.status, to, actor: options.actor });
    await queueStatusPush(tx, id, order.status, to, options.actor);
    if (options.invoicing && invoiceAction(to, options.invoicing.on)) await invoiceOrder(tx, id, options.invoicing);
    return 'changed';
  });
}

/**
 * What a status change tells the owners' phones (push/service.ts), in its transaction: a card order paid is a new order
 * (as its owners' mail says), and a parcel that came back (refused at the door, not collected) is one to look at,
 * unless an owner marked it so themselves.
 */
async function queueStatusPush(tx: DbOrTx, id: string, from: OrderStatus, to: OrderStatus, actor: OrderActor) {
  if (to === 'paid' && from === 'awaiting_payment') await queueOwnerPush(tx, 'new_order', id);
  else if (to === 'returned' && actor !== 'owner') await queueOwnerPush(tx, 'parcel_refused', id);
}

/**
 * Takes a shipped order back to where it was before it was shipped (confirmed, or paid), its carrier and tracking
 * number cleared: its AWB was cancelled at the courier before the parcel was picked up, by the owner (shipping/service.ts)
 * or at the courier's end (shipping/tracking.ts, the system). In the caller's transaction; 'not_allowed' for an order
 * that is not shipped, or no longer with `awb`. The customer is not written to (a new AWB
 * tells them the new tracking number).
 */
export async function unship(tx: DbOrTx, id: string, change: { actor?: 'owner' | 'system'; actorUserId: string | null; note: string; awb?: string }): Promise<StatusChange> {
  const [order] = await tx.select({ status: orders.status, version: orders.version, trackingNumber: orders.trackingNumber }).from(orders).where(eq(orders.id, id)).for('update');
  if (!order) return 'unknown_order';
  // Only while it is shipped with that AWB (when one is named): an order shipped again meanwhile keeps its new AWB.
  if (order.status !== 'shipped' || (change.awb !== undefined && order.trackingNumber !== change.awb)) return 'not_allowed';
  const [shipped] = await tx
    .select({ from: orderEvents.fromStatus })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.toStatus, 'shipped')))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const back = shipped?.from === 'paid' ? 'paid' : 'confirmed';
  await tx
    .update(orders)
    .set({ status: back, carrier: null, trackingNumber: null, version: order.version + 1 })
    .where(eq(orders.id, id));
  await tx.insert(orderEvents).values({ orderId: id, actor: change.actor ?? 'owner', actorUserId: change.actorUserId, fromStatus: 'shipped', toStatus: back, note: change.note });
  return 'changed';
}

/**
 * A change of an order that leaves its status as it is (a withdrawal, goods received back, a refund paid), in the
 * caller's transaction, the order's row locked: the version moves on (a page showing the order before is stale) and the
 * timeline says what happened, as an event from the status to itself (domain/orders becameStatus ignores it).
 */
export async function noteOrderChange(tx: DbOrTx, order: { id: string; status: OrderStatus; version: number }, event: { actor: OrderActor; actorUserId?: string | null; note: string }) {
  await tx
    .update(orders)
    .set({ version: order.version + 1 })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, actor: event.actor, actorUserId: event.actorUserId ?? null, fromStatus: order.status, toStatus: order.status, note: event.note });
}

/**
 * Issues what an order's status calls for (its invoice, its credit note: invoices/service.ts) from the order as it
 * is now, in the caller's transaction: changeOrderStatus's, or a paid order's placed by Stripe's webhook.
 */
export async function invoiceOrder(tx: DbOrTx, id: string, invoicing: Invoicing): Promise<void> {
  const [view] = await toViews(tx, await tx.select().from(orders).where(eq(orders.id, id)));
  if (view) await invoiceStatusChange(tx, view, invoicing, new Date());
}
