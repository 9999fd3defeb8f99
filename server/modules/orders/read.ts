/** Orders as their customers and the other modules read them (OrderView). */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { orderLines, orders } from '../../../db/schema/orders';
import type { OrderView } from '../../../domain/contracts/orders';
import { withdrawalLastDay } from '../../../domain/withdrawal';
import { AppError } from '../../errors';
import { invoicesOfOrders } from '../invoices/read';
import { lineView } from './lineView';
import { receivedAtOf } from './received';
import { withdrawalsOf } from './withdrawalViews';

type OrderRow = typeof orders.$inferSelect;

/** An order row's own columns as every view of the order shows them, the customer's and the owner's: the one row-to-view mapping. */
export function orderFields(order: OrderRow) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentMethod: order.paymentMethod,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    country: order.country,
    county: order.county,
    city: order.city,
    street: order.street,
    streetNumber: order.streetNumber,
    addressLine2: order.addressLine2,
    postalCode: order.postalCode,
    phoneNumber: order.phoneNumber,
    locker: order.locker,
    subtotal: order.subtotal,
    discount: order.discount,
    discountCode: order.discountCode,
    shipping: order.shipping,
    shippingVatRate: order.shippingVatRate,
    shippingVat: order.shippingVat,
    total: order.totalAmount,
    currency: order.currency,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    createdAt: order.createdAt.toISOString(),
  };
}

export async function toViews(db: DbOrTx, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, receivedAt, invoicesOf, withdrawn] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    receivedAtOf(db, ids),
    invoicesOfOrders(db, ids),
    withdrawalsOf(db, ids),
  ]);
  return rows.map((order) => ({
    ...orderFields(order),
    withdrawalLastDay: receivedAt.has(order.id) ? withdrawalLastDay(receivedAt.get(order.id)!) : null,
    lines: lines.filter((line) => line.orderId === order.id).map(lineView),
    invoices: invoicesOf.get(order.id) ?? [],
    withdrawals: withdrawn.get(order.id) ?? [],
  }));
}

/**
 * An order for the person who placed it: whoever has its link (the signed token its mails and
 * confirmation carry), its account when it was placed signed in, or, for a guest order, whoever
 * gives its id with the email it was placed with. Anyone else gets "not
 * found" (never "forbidden"), so order ids cannot be probed.
 */
export async function findOrder(db: Db, id: string, who: { userId: string | null; email: string | null; hasLink?: boolean }): Promise<OrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (order && who.hasLink) return (await toViews(db, [order]))[0]!;
  const isOwner = order?.userId != null && order.userId === who.userId;
  const isGuestWithEmail = order?.userId == null && who.email != null && order?.email.toLowerCase() === who.email.trim().toLowerCase();
  if (!order || !(isOwner || isGuestWithEmail)) throw new AppError('not_found', { id: 'error.order.noSuchOrder' });
  const [view] = await toViews(db, [order]);
  return view!;
}

/**
 * An order's view by its id, with its version (a change made from an older version is refused), for a module that
 * acts on it for the owner (shipping); null for no such order.
 */
export async function orderView(db: DbOrTx, id: string): Promise<(OrderView & { version: number }) | null> {
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  const [view] = await toViews(db, rows);
  return view ? { ...view, version: rows[0]!.version } : null;
}

/** A customer's orders, newest first. */
export async function listOrdersOfUser(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return toViews(db, rows);
}
