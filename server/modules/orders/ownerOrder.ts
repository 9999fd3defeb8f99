import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { orderEvents, orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import type { AdminOrder } from '../../../domain/contracts/admin';
import { eventNote, type StatusChangeRequest } from '../../../domain/orderChanges';
import { becameStatus, ORDER_TRANSITIONS, type OrderStatus } from '../../../domain/orders';
import { withdrawalLastDay } from '../../../domain/withdrawal';
import type { Message } from '../../../locales/messages';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { listInvoices } from '../invoices/read';
import type { Invoicing } from '../invoices/service';
import { awbAttemptsOfOrder } from '../shipping/attempts';
import { courierEventsOfOrder, shipmentsOfOrder } from '../shipping/service';
import { codBlocksOf, returnedBefore } from './codRisk';
import { lineView } from './lineView';

import { isoTime } from './ownerList';
import { orderFields } from './read';
import { changeOrderStatus } from './status';
import { withdrawalsOf } from './withdrawalViews';

/** One order as the owner sees it in the back office, and the owner moving it on. */
/** Everything about one order for the back office: lines, customer, payment, shipping and its timeline. */
export async function orderForOwner(db: Db, id: string): Promise<AdminOrder> {
  const [order] = await db
    .select({
      row: orders,
      paidAt: sql<string | null>`${isoTime(orders.paidAt)}`,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
  const [lines, events, alerts, invoices, shipped, attempts, courierEvents, returned, blocks, withdrawn] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.id)),
    db
      .select({
        id: orderEvents.id,
        at: isoTime(orderEvents.at),
        actor: orderEvents.actor,
        ownerEmail: user.email,
        from: orderEvents.fromStatus,
        to: orderEvents.toStatus,
        note: orderEvents.note,
      })
      .from(orderEvents)
      .leftJoin(user, eq(user.id, orderEvents.actorUserId))
      .where(eq(orderEvents.orderId, id))
      // By when: a sent mail's event is written once the mail leaves the outbox, dated when it was sent (sentMails.ts).
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db
      .select({ kind: paymentAlerts.kind, amount: paymentAlerts.amount, currency: paymentAlerts.currency, at: isoTime(paymentAlerts.createdAt) })
      .from(paymentAlerts)
      .where(eq(paymentAlerts.orderId, id))
      .orderBy(asc(paymentAlerts.id)),
    listInvoices(db, { orderId: id }),
    shipmentsOfOrder(db, id),
    awbAttemptsOfOrder(db, id),
    courierEventsOfOrder(db, id),
    returnedBefore(db, order.row),
    codBlocksOf(db, order.row),
    withdrawalsOf(db, [id]),
  ]);
  const { row } = order;
  // When it became delivered (a withdrawal request leaves it delivered: not that one).
  const delivered = events.findLast((event) => becameStatus(event, 'delivered'));
  return {
    ...orderFields(row),
    lines: lines.map(lineView),
    paidAt: order.paidAt,
    cancelReason: row.cancelReason,
    channel: row.channel,
    campaign: row.campaign,
    withdrawalLastDay: delivered ? withdrawalLastDay(new Date(delivered.at)) : null,
    withdrawals: withdrawn.get(id) ?? [],
    version: row.version,
    events: events.map((event) => ({ ...event, id: Number(event.id) })),
    paymentAlerts: alerts,
    invoices: invoices.reverse(),
    shipments: shipped,
    awbAttempts: attempts,
    courierEvents,
    returnedBefore: returned,
    codBlocks: blocks,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    editRefundDue: row.editRefundDue,
    editLines: lines.map(({ productId, colour, quantity }) => ({ productId, colour, quantity })),
  };
}

/** Whether an order in `from` can still get to `to` later, through other statuses. */
function canReach(from: OrderStatus, to: OrderStatus, seen = new Set<OrderStatus>()): boolean {
  return (ORDER_TRANSITIONS[from] as readonly OrderStatus[]).some((next) => next === to || (!seen.has(next) && seen.add(next) && canReach(next, to, seen)));
}

/** "This order is shipped: it can no longer be cancelled.", or "…pending: it cannot be shipped yet." */
export function notAllowedMessage(from: OrderStatus, to: OrderStatus): Message {
  return { id: canReach(from, to) ? 'admin.error.statusNotYet' : 'admin.error.statusNoLonger', values: { from, to } };
}

/**
 * The owner moves an order on (domain/orderChanges' request): through changeOrderStatus, from the
 * version the owner was looking at. Answers the order as it is now; 409 when the flow does not allow
 * it or the order changed meanwhile, 404 when there is no such order.
 */
export async function changeStatusAsOwner(db: Db, id: string, change: StatusChangeRequest, owner: SignedInUser, invoicing: Invoicing | null = null): Promise<AdminOrder> {
  const set = change.to === 'shipped' ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : change.to === 'cancelled' ? { cancelReason: change.reason } : undefined;
  const result = await changeOrderStatus(db, id, change.to, { actor: 'owner', actorUserId: owner.id, version: change.version, note: eventNote(change), set, invoicing });
  if (result === 'unknown_order') throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
  if (result === 'changed') return orderForOwner(db, id);
  const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  if (!now) throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
  if (result === 'stale') {
    throw new AppError('conflict', { id: 'admin.error.orderChangedMeanwhile', values: { status: now.status } }, 'stale');
  }
  throw new AppError('conflict', notAllowedMessage(now.status, change.to), 'not_allowed');
}
