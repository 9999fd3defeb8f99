import { type AnyColumn, and, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderEvents, orders } from '../../../db/schema/orders';
import type { AdminOrderRow } from '../../../domain/contracts/admin';
import { SHOP_TIME_ZONE } from '../../../domain/locale';
import type { OrderStatus } from '../../../domain/orders';
import { AppError } from '../../errors';
import { returnedBeforeColumn } from './codRisk';
import { became } from './received';

/** The back office's list of orders: its filters and search, keyset pages, and the rows of its CSV export. */
/** A timestamptz as ISO 8601 in UTC, written by PostgreSQL (both drivers then hand over the same text). */
export const isoTime = (column: SQL | AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list's filters, as checked by the route: dates are YYYY-MM-DD (Bucharest days, both included);
 * `overdueDays`: shipped orders whose shipping is older than that many days (overdueShipment).
 */
export interface OrderFilters {
  status?: OrderStatus;
  /** One of these statuses: the orders waiting for the owner (AWAITING_OWNER_STATUSES). */
  statuses?: readonly OrderStatus[];
  overdueDays?: number;
  /** Delivered, and marked so this month (Bucharest's): the dashboard's revenue of the month. */
  deliveredThisMonth?: boolean;
  /** Cash orders still new that their customer has not confirmed this many hours on (unconfirmedCod). */
  unconfirmedHours?: number;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * Shipped, and shipped more than `days` days ago: not yet marked delivered or returned, the courier may have
 * lost or returned the parcel. A withdrawal request on a shipped order leaves it shipped: not a shipping.
 */
export const overdueShipment = (days: number) =>
  and(
    eq(orders.status, 'shipped'),
    sql`(select max(${orderEvents.at}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${became('shipped')}) < now() - make_interval(days => ${days}::int)`,
  );

/** Delivered, and marked delivered since the start of this month in Bucharest: the orders of the month's revenue. */
export const deliveredThisMonth = () =>
  and(
    eq(orders.status, 'delivered'),
    sql`exists (select 1 from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${became('delivered')} and ${orderEvents.at} >= date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE})`,
  );

/**
 * A cash order still new (pending: the owner has not confirmed it either) that its customer has not confirmed from the
 * mail's link `hours` after it was placed (issue 47): the list's `unconfirmed`, the dashboard's count.
 */
export const unconfirmedCod = (hours: number) =>
  and(eq(orders.paymentMethod, 'cod'), eq(orders.status, 'pending'), isNull(orders.customerConfirmedAt), sql`${orders.createdAt} < now() - make_interval(hours => ${hours}::int)`);

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
    filters.statuses ? inArray(orders.status, [...filters.statuses]) : undefined,
    filters.deliveredThisMonth ? deliveredThisMonth() : undefined,
    filters.unconfirmedHours !== undefined ? unconfirmedCod(filters.unconfirmedHours) : undefined,
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
  version: orders.version,
  withdrawalRequestedAt: sql<string | null>`${isoTime(sql`(select max(w.stated_at) from withdrawals w where w.order_id = "orders"."id")`)}`,
  returnedBefore: returnedBeforeColumn,
  customerConfirmedAt: isoTime(orders.customerConfirmedAt),
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
        addressLine2: orders.addressLine2,
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
