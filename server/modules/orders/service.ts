import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { OrderRequest } from '../../../domain/checkout';
import { CURRENCY } from '../../../domain/money';
import { canTransition, type NewOrderStatus, type OrderStatus } from '../../../domain/orders';
import { totalsFor, type Totals } from '../../../domain/pricing';
import type { Db, DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { orderLines, orders } from '../../../db/schema/orders';
import { AppError } from '../../errors';
import type { OrderView } from '../../../domain/contracts/orders';

export interface PlacedOrder {
  id: string;
  /** True when the idempotency key had already placed this order (a retry or a double click). */
  replayed: boolean;
  /** The totals the server computed and stored (the first time, for a replay). */
  totals: Totals;
}

/** Same request, same hash: a retry with the key is compared with the key's first use. */
function requestHash(request: OrderRequest): string {
  const lines = [...request.lines].sort((a, b) => a.productId.localeCompare(b.productId)).map((line) => [line.productId, line.quantity]);
  const canonical = [
    request.email,
    request.firstName,
    request.lastName,
    request.country,
    request.city,
    request.street,
    request.streetNumber,
    request.postalCode,
    request.phoneNumber,
    request.paymentMethod,
    lines,
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/**
 * Places an order in one transaction: current prices are looked up, totals computed here (never
 * taken from the client), and the order with a copy of each line stored. The idempotency key makes
 * retries, double clicks and concurrent duplicates return the one order it first created.
 */
export async function placeOrder(
  db: DbOrTx,
  request: OrderRequest,
  options: { userId?: string | null; status?: NewOrderStatus } = {},
): Promise<PlacedOrder> {
  const hash = requestHash(request);

  return db.transaction(async (tx) => {
    const ids = request.lines.map((line) => line.productId);
    const found = await tx.select({ id: products.id, name: products.name, price: products.price }).from(products).where(inArray(products.id, ids));
    const byId = new Map(found.map((product) => [product.id, product]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0) {
      throw new AppError('bad_request', `Unknown product: ${unknown.join(', ')}. Please refresh the shop and try again.`, 'unknown_product');
    }

    const priced = request.lines.map((line) => {
      const product = byId.get(line.productId)!;
      return { productId: product.id, name: product.name, unitPrice: product.price, quantity: line.quantity };
    });
    const totals = totalsFor(priced);

    const inserted = await tx
      .insert(orders)
      .values({
        status: options.status ?? 'pending',
        paymentMethod: request.paymentMethod,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        country: request.country,
        city: request.city,
        street: request.street,
        streetNumber: request.streetNumber,
        postalCode: request.postalCode,
        phoneNumber: request.phoneNumber,
        subtotal: totals.subtotal,
        shipping: totals.shipping,
        totalAmount: totals.total,
        currency: CURRENCY,
        userId: options.userId ?? null,
        idempotencyKey: request.idempotencyKey,
        requestHash: hash,
      })
      // A concurrent twin with the same key waits here for the first to commit, then inserts nothing.
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning({ id: orders.id });

    const created = inserted[0];
    if (!created) {
      const [existing] = await tx
        .select({ id: orders.id, requestHash: orders.requestHash, subtotal: orders.subtotal, shipping: orders.shipping, total: orders.totalAmount })
        .from(orders)
        .where(eq(orders.idempotencyKey, request.idempotencyKey));
      if (!existing || existing.requestHash !== hash) {
        throw new AppError('conflict', 'This order was already submitted with different details. Please reload the page and try again.', 'idempotency_key_reused');
      }
      return { id: existing.id, replayed: true, totals: { subtotal: existing.subtotal, shipping: existing.shipping, total: existing.total } };
    }

    await tx.insert(orderLines).values(priced.map((line) => ({ ...line, orderId: created.id })));
    return { id: created.id, replayed: false, totals };
  });
}

/** Links a card order to the Stripe Checkout Session that pays it, and records when it was paid; false when there is no such order. */
export async function recordCardPayment(db: DbOrTx, id: string, payment: { stripeSessionId: string; paidAt?: Date }): Promise<boolean> {
  const updated = await db.update(orders).set(payment).where(eq(orders.id, id)).returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * Removes a card order that never got a Checkout Session (Stripe refused to make one), with its
 * lines. It was never acknowledged to anyone; an order that has a session, or has moved on, stays.
 */
export async function discardOrderWithoutSession(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db
    .delete(orders)
    .where(and(eq(orders.id, id), eq(orders.status, 'awaiting_payment'), isNull(orders.stripeSessionId)))
    .returning({ id: orders.id });
  return deleted.length > 0;
}

/** What became of a request to move an order on. */
export type StatusChange = 'changed' | 'not_allowed' | 'unknown_order';

/**
 * The one way an order's status changes: only as domain/orders allows from the status it is in
 * (and, with `from`, only from that status: a caller acting for one status, like an expired
 * Stripe session for an order awaiting payment, changes nothing else). The row is locked while it
 * is checked, so concurrent changes cannot both pass the check. `set` writes other columns with it.
 */
export async function changeOrderStatus(
  db: DbOrTx,
  id: string,
  to: OrderStatus,
  options: { from?: OrderStatus; set?: { paidAt?: Date; stripeSessionId?: string } } = {},
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) return 'unknown_order';
    if ((options.from !== undefined && order.status !== options.from) || !canTransition(order.status, to)) return 'not_allowed';
    await tx.update(orders).set({ ...options.set, status: to }).where(eq(orders.id, id));
    return 'changed';
  });
}


type OrderRow = typeof orders.$inferSelect;

async function toViews(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, rows.map((row) => row.id)))
    .orderBy(asc(orderLines.id));
  return rows.map((order) => ({
    id: order.id,
    status: order.status,
    paymentMethod: order.paymentMethod,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    country: order.country,
    city: order.city,
    street: order.street,
    streetNumber: order.streetNumber,
    postalCode: order.postalCode,
    phoneNumber: order.phoneNumber,
    subtotal: order.subtotal,
    shipping: order.shipping,
    total: order.totalAmount,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map(({ productId, name, unitPrice, quantity }) => ({ productId, name, unitPrice, quantity })),
  }));
}

/**
 * An order for the person who placed it: its account when it was placed signed in, or, for a
 * guest order, whoever gives its id with the email it was placed with. Anyone else gets "not
 * found" (never "forbidden"), so order ids cannot be probed.
 */
export async function findOrder(db: Db, id: string, who: { userId: string | null; email: string | null }): Promise<OrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  const isOwner = order?.userId != null && order.userId === who.userId;
  const isGuestWithEmail = order?.userId == null && who.email != null && order?.email.toLowerCase() === who.email.trim().toLowerCase();
  if (!order || !(isOwner || isGuestWithEmail)) throw new AppError('not_found', 'No such order.');
  const [view] = await toViews(db, [order]);
  return view!;
}

/** The order a Stripe Checkout Session pays, for its signed-in owner only; null for anyone else or before it exists. */
export async function orderPaidBySession(db: Db, stripeSessionId: string, userId: string | null) {
  if (!userId) return null;
  const [order] = await db
    .select({ id: orders.id, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.stripeSessionId, stripeSessionId), eq(orders.userId, userId)));
  return order ? { id: order.id, status: order.status, createdAt: order.createdAt.toISOString() } : null;
}

/**
 * Card orders still awaiting payment that should have been settled by now: those that never got a
 * Checkout Session (placed before `noSessionBefore`) and those whose session is older than
 * `sessionBefore`. Oldest first, at most `limit`.
 */
export async function staleCardOrders(db: Db, { noSessionBefore, sessionBefore, limit = 100 }: { noSessionBefore: Date; sessionBefore: Date; limit?: number }) {
  return db
    .select({ id: orders.id, stripeSessionId: orders.stripeSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'awaiting_payment'),
        or(and(isNull(orders.stripeSessionId), lt(orders.createdAt, noSessionBefore)), and(isNotNull(orders.stripeSessionId), lt(orders.createdAt, sessionBefore))),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/** A customer's orders, newest first. */
export async function listOrdersOfUser(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
  return toViews(db, rows);
}
