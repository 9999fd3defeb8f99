import { COURIER_NAMES } from '../../../domain/courier';
import { type AnyColumn, and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AdminOrder, AdminOrderRow, Dashboard, OwnerList } from '../../../domain/contracts/admin';
import type { AnafReporting } from '../invoices/reporting';
import { invoiceReporting, type Invoicing, listInvoices } from '../invoices/service';
import { codBlocksOf, returnedBefore, returnedBeforeColumn } from '../orders/codRisk';
import { cashWithCouriers } from '../shipping/cash';
import type { Shipping } from '../shipping/couriers';
import { awbAttemptsOfOrder } from '../shipping/attempts';
import { pickupsToday } from '../shipping/pickup';
import { awbsCreatedToday, courierEventsOfOrder, shipmentsOfOrder } from '../shipping/service';
import { eventNote, type StatusChangeRequest } from '../../../domain/orderChanges';
import { AWAITING_OWNER_STATUSES, becameStatus, ORDER_TRANSITIONS, type OrderStatus } from '../../../domain/orders';
import { withdrawalLastDay } from '../../../domain/withdrawal';
import { SHOP_TIME_ZONE } from '../../../domain/locale';
import type { Message } from '../../../locales/messages';
import type { Db } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { orderEvents, orderLines, orders, paymentAlerts } from '../../../db/schema/orders';
import { AppError } from '../../errors';
import type { SignedInUser } from '../accounts/service';
import { setRole } from '../accounts/service';
import { countFailedMails } from '../mail/failedMails';
import { lineView } from '../orders/lineView';
import { became } from '../orders/received';
import { changeOrderStatus } from '../orders/status';

/** A timestamptz as ISO 8601 in UTC, written by PostgreSQL (both drivers then hand over the same text). */
export const isoTime = (column: SQL | AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list's filters, as checked by the route: dates are YYYY-MM-DD (Bucharest days, both included);
 * `overdueDays`: shipped orders whose shipping is older than that many days (overdueShipment).
 */
export interface OrderFilters {
  status?: OrderStatus;
  overdueDays?: number;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * Shipped, and shipped more than `days` days ago: not yet marked delivered or returned, the courier may have
 * lost or returned the parcel. A withdrawal request on a shipped order leaves it shipped: not a shipping.
 */
const overdueShipment = (days: number) =>
  and(
    eq(orders.status, 'shipped'),
    sql`(select max(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${became('shipped')}) < now() - make_interval(days => ${days}::int)`,
  );

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The lowest and highest uuid starting with a hex prefix (dashes optional), for a range scan of the primary key. */
function uuidRange(prefix: string): [string, string] | null {
  const hex = prefix.replaceAll('-', '');
  if (!/^[0-9a-f]{4,32}$/.test(hex) || !/^[0-9a-f-]+$/.test(prefix)) return null;
  const dashed = (digits: string) => `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return [dashed(hex.padEnd(32, '0')), dashed(hex.padEnd(32, 'f'))];
}

/**
 * The search box: an order number, the start of an order id, of a first or last name (or both,
 * "ana pop"), of an email address, or a phone number however written (its last nine digits). Each
 * branch is written the way its index is (migration 0006), so PostgreSQL can combine index scans.
 */
function searchCondition(raw: string): SQL | undefined {
  const q = raw.trim().toLowerCase();
  if (!q) return undefined;
  const branches: (SQL | undefined)[] = [];
  const number = /^#?(\d{1,9})$/.exec(q);
  if (number) branches.push(eq(orders.number, Number(number[1])));
  const digits = q.replace(/\D/g, '');
  if (digits.length >= 9 && /^[\d\s+().\-/]+$/.test(q)) {
    branches.push(sql`right(regexp_replace(${orders.phoneNumber}, '[^0-9]', '', 'g'), 9) = ${digits.slice(-9)}`);
  }
  const ids = uuidRange(q);
  if (ids) branches.push(and(gte(orders.id, ids[0]), lte(orders.id, ids[1])));
  const startsWith = (column: AnyColumn, text: string) => sql`lower(${column}) like ${`${escapeLike(text)}%`}`;
  branches.push(startsWith(orders.email, q));
  if (!q.includes('@')) {
    branches.push(startsWith(orders.firstName, q), startsWith(orders.lastName, q));
    const words = q.split(/\s+/);
    if (words.length === 2) {
      const [a, b] = words as [string, string];
      branches.push(and(startsWith(orders.firstName, a), startsWith(orders.lastName, b)), and(startsWith(orders.firstName, b), startsWith(orders.lastName, a)));
    }
  }
  return or(...branches);
}

function filterConditions(filters: OrderFilters): (SQL | undefined)[] {
  return [
    filters.overdueDays !== undefined ? overdueShipment(filters.overdueDays) : filters.status ? eq(orders.status, filters.status) : undefined,
    filters.from ? sql`${orders.createdAt} >= (${filters.from}::date)::timestamp at time zone ${SHOP_TIME_ZONE}` : undefined,
    filters.to ? sql`${orders.createdAt} < (${filters.to}::date + 1)::timestamp at time zone ${SHOP_TIME_ZONE}` : undefined,
    filters.q ? searchCondition(filters.q) : undefined,
  ];
}

/** A list page's position: the exact created_at (microseconds, as PostgreSQL writes it) and id of its last order. */
interface PageCursor {
  at: string;
  id: string;
}

const encodeCursor = (cursor: PageCursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

function decodeCursor(text: string): PageCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(at) && typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id)) {
      return { at, id };
    }
  } catch {
    // answered below
  }
  throw new AppError('bad_request', { id: 'admin.error.invalidCursor' }, 'invalid_cursor');
}

/** Orders after `cursor` in the list's order (newest first), keyset-paged: never an OFFSET. */
function pageConditions(filters: OrderFilters, cursor: string | undefined): SQL | undefined {
  const position = cursor ? decodeCursor(cursor) : null;
  return and(...filterConditions(filters), position ? sql`(${orders.createdAt}, ${orders.id}) < (${position.at}::timestamptz, ${position.id}::uuid)` : undefined);
}

/** An order as a line of the back office's list (AdminOrderRow); the live stream's events carry the same. */
export const orderRowColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: isoTime(orders.createdAt),
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  phoneNumber: orders.phoneNumber,
  city: orders.city,
  county: orders.county,
  total: orders.totalAmount,
  paymentMethod: orders.paymentMethod,
  status: orders.status,
  withdrawalRequestedAt: sql<string | null>`${isoTime(orders.withdrawalRequestedAt)}`,
  returnedBefore: returnedBeforeColumn,
};

const rowColumns = {
  ...orderRowColumns,
  /** The exact time, for the next page's cursor. */
  position: sql<string>`${orders.createdAt}::text`,
};

export const DEFAULT_PAGE_SIZE = 50;

/** One page of the back office's list, newest first, and the cursor of the next page (null on the last). */
export async function listOrders(db: Db, filters: OrderFilters, page: { cursor?: string; limit?: number } = {}) {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .where(pageConditions(filters, page.cursor))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    orders: shown.map(({ position: _position, ...row }): AdminOrderRow => row),
    nextCursor: more && last ? encodeCursor({ at: last.position, id: last.id }) : null,
  };
}

/** The CSV's rows for the courier's bulk upload, every matching order in the list's order, read by keyset in batches. */
export async function* ordersForExport(db: Db, filters: OrderFilters, batch = 500) {
  let cursor: string | undefined;
  do {
    const rows = await db
      .select({
        id: orders.id,
        position: sql<string>`${orders.createdAt}::text`,
        number: orders.number,
        date: sql<string>`to_char(${orders.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
        firstName: orders.firstName,
        lastName: orders.lastName,
        phoneNumber: orders.phoneNumber,
        email: orders.email,
        street: orders.street,
        streetNumber: orders.streetNumber,
        city: orders.city,
        county: orders.county,
        postalCode: orders.postalCode,
        country: orders.country,
        subtotal: orders.subtotal,
        discount: orders.discount,
        discountCode: orders.discountCode,
        shipping: orders.shipping,
        total: orders.totalAmount,
        paymentMethod: orders.paymentMethod,
        status: orders.status,
        // "Dummy Lighter (Black) × 2; Dummy Car Key × 1" (written out in full: Drizzle leaves columns unqualified here).
        items: sql<string>`coalesce((select string_agg(l.name || coalesce(' (' || coalesce(l.colour_label, l.colour) || ')', '') || ' × ' || l.quantity, '; ' order by l.id) from order_lines l where l.order_id = orders.id), '')`,
      })
      .from(orders)
      .where(pageConditions(filters, cursor))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batch);
    yield* rows;
    const last = rows.at(-1);
    cursor = rows.length === batch && last ? encodeCursor({ at: last.position, id: last.id }) : undefined;
  } while (cursor);
}

/** Everything about one order for the back office: lines, customer, payment, shipping and its timeline. */
export async function orderForOwner(db: Db, id: string): Promise<AdminOrder> {
  const [order] = await db
    .select({
      row: orders,
      createdAt: isoTime(orders.createdAt),
      paidAt: sql<string | null>`${isoTime(orders.paidAt)}`,
      withdrawalRequestedAt: sql<string | null>`${isoTime(orders.withdrawalRequestedAt)}`,
    })
    .from(orders)
    .where(eq(orders.id, id));
  if (!order) throw new AppError('not_found', { id: 'admin.error.noSuchOrder' });
  const [lines, events, alerts, invoices, shipped, attempts, courierEvents, returned, blocks] = await Promise.all([
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
      .orderBy(asc(orderEvents.id)),
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
  ]);
  const { row } = order;
  // When it became delivered (a withdrawal request leaves it delivered: not that one).
  const delivered = events.findLast((event) => becameStatus(event, 'delivered'));
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    paymentMethod: row.paymentMethod,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    country: row.country,
    county: row.county,
    city: row.city,
    street: row.street,
    streetNumber: row.streetNumber,
    postalCode: row.postalCode,
    phoneNumber: row.phoneNumber,
    locker: row.locker,
    subtotal: row.subtotal,
    discount: row.discount,
    discountCode: row.discountCode,
    shipping: row.shipping,
    shippingVatRate: row.shippingVatRate,
    shippingVat: row.shippingVat,
    total: row.totalAmount,
    currency: row.currency,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: order.createdAt,
    lines: lines.map(lineView),
    paidAt: order.paidAt,
    cancelReason: row.cancelReason,
    withdrawalRequestedAt: order.withdrawalRequestedAt,
    withdrawalLastDay: delivered ? withdrawalLastDay(new Date(delivered.at)) : null,
    withdrawalNote: row.withdrawalNote,
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
  const set =
    change.to === 'shipped' ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : change.to === 'cancelled' ? { cancelReason: change.reason } : undefined;
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

/**
 * The dashboard: orders placed today, orders waiting for the owner, what delivered orders brought in
 * this month, how many mails could not be sent, and how many shipments are overdue (`overdueDays`).
 */
export async function dashboard(db: Db, overdueDays: number, anaf: AnafReporting | null, shipping: Shipping): Promise<Dashboard> {
  const startOf = (unit: 'day' | 'month') => sql`date_trunc(${unit}, now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}`;
  const [[today], [waiting], [revenue], failedMails, [overdue], invoices, awbsToday, cash, pickups] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(gte(orders.createdAt, startOf('day'))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, [...AWAITING_OWNER_STATUSES])),
    db
      .select({ total: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::int` })
      .from(orders)
      .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), became('delivered')))
      .where(and(eq(orders.status, 'delivered'), gte(orderEvents.at, startOf('month')))),
    countFailedMails(db),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(overdueShipment(overdueDays)),
    invoiceReporting(db, anaf),
    awbsCreatedToday(db),
    cashWithCouriers(db, shipping),
    pickupsToday(db, shipping),
  ]);
  return {
    ordersToday: today?.n ?? 0,
    awaitingOwner: waiting?.n ?? 0,
    deliveredRevenueThisMonth: revenue?.total ?? 0,
    failedMails,
    overdueShipments: overdue?.n ?? 0,
    overdueDays,
    invoices,
    awbsToday,
    cashWithCouriers: cash.map((row) => ({ ...row, courierName: COURIER_NAMES[row.courier] })),
    pickups,
  };
}

export async function listOwners(db: Db): Promise<OwnerList> {
  const owners = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.role, 'owner')).orderBy(asc(user.email));
  return { owners };
}

/** Makes the account with this email an owner too (already one: nothing changes); 404 when there is no such account. */
export async function promoteOwner(db: Db, email: string): Promise<OwnerList> {
  const wanted = email.trim().toLowerCase();
  const [account] = await db.select({ id: user.id }).from(user).where(eq(sql`lower(${user.email})`, wanted));
  if (!account) throw new AppError('not_found', { id: 'admin.error.unknownAccount', values: { email: wanted } }, 'unknown_account');
  await setRole(db, account.id, 'owner');
  return listOwners(db);
}
