import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { user } from '../../../db/schema/accounts';
import { orders } from '../../../db/schema/orders';
import type { Dashboard, OwnerList } from '../../../domain/contracts/admin';
import { COURIER_NAMES } from '../../../domain/courier';
import { SHOP_TIME_ZONE } from '../../../domain/locale';
import { AWAITING_OWNER_STATUSES } from '../../../domain/orders';
import { AppError } from '../../errors';
import { setRole } from '../accounts/service';
import { invoiceReporting } from '../invoices/read';
import type { AnafReporting } from '../invoices/reportingSettings';
import { countFailedMails } from '../mail/failedMails';
import { deliveredThisMonth, overdueShipment, unconfirmedCod } from '../orders/ownerList';
import { openReturns } from '../orders/returnList';
import { cashWithCouriers } from '../shipping/cash';
import type { Shipping } from '../shipping/couriers';
import { pickupsToday } from '../shipping/pickup';
import { awbsCreatedToday } from '../shipping/service';

/**
 * The dashboard: orders placed today, orders waiting for the owner, what delivered orders brought in
 * this month, how many mails could not be sent, how many shipments are overdue (`overdueDays`), the cash orders their
 * customers have not confirmed (`confirmHours` on) and how often confirmed and other cash orders were refused.
 */
export async function dashboard(
  db: Db,
  { overdueDays, confirmHours }: { overdueDays: number; confirmHours: number },
  anaf: AnafReporting | null,
  shipping: Shipping,
): Promise<Omit<Dashboard, 'housekeeping'>> {
  const startOfDay = sql`date_trunc('day', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}`;
  const [[today], [waiting], [revenue], failedMails, [overdue], invoices, awbsToday, cash, pickups, returns, [unconfirmed], refused] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(gte(orders.createdAt, startOfDay)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, [...AWAITING_OWNER_STATUSES])),
    // The same orders as the list's `delivered_this_month` filter, which this counter opens.
    db
      .select({ total: sql<number>`coalesce(sum(${orders.totalAmount}), 0)::int` })
      .from(orders)
      .where(deliveredThisMonth()),
    countFailedMails(db),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(overdueShipment(overdueDays)),
    invoiceReporting(db, anaf),
    awbsCreatedToday(db),
    cashWithCouriers(db, shipping),
    pickupsToday(db, shipping),
    openReturns(db),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(unconfirmedCod(confirmHours)),
    db
      .select({
        confirmed: sql<boolean>`${orders.customerConfirmedAt} is not null`,
        settled: sql<number>`count(*)::int`,
        returned: sql<number>`(count(*) filter (where ${orders.status} = 'returned'))::int`,
      })
      .from(orders)
      .where(and(eq(orders.paymentMethod, 'cod'), inArray(orders.status, ['delivered', 'returned'])))
      .groupBy(sql`1`),
  ]);
  const refusalsOf = (confirmed: boolean) => {
    const row = refused.find((candidate) => candidate.confirmed === confirmed);
    return { settled: row?.settled ?? 0, returned: row?.returned ?? 0 };
  };
  return {
    ordersToday: today?.n ?? 0,
    awaitingOwner: waiting?.n ?? 0,
    deliveredRevenueThisMonth: revenue?.total ?? 0,
    failedMails,
    overdueShipments: overdue?.n ?? 0,
    overdueDays,
    invoices,
    awbsToday,
    couriersSetUp: shipping.couriers.size > 0,
    unconfirmedCod: unconfirmed?.n ?? 0,
    confirmReminderHours: confirmHours,
    refusals: { confirmed: refusalsOf(true), unconfirmed: refusalsOf(false) },
    cashWithCouriers: cash.map((row) => ({ ...row, courierName: COURIER_NAMES[row.courier] })),
    pickups,
    refundsToPay: returns.map(({ withdrawalId, orderId, orderNumber, refundDueDay }) => ({ withdrawalId, orderId, orderNumber, refundDueDay })),
  };
}

export async function listOwners(db: Db): Promise<OwnerList> {
  const owners = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(eq(user.role, 'owner')).orderBy(asc(user.email));
  return { owners };
}

/** Makes the account with this email an owner too (already one: nothing changes); 404 when there is no such account. */
export async function promoteOwner(db: Db, email: string): Promise<OwnerList> {
  const wanted = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, wanted));
  if (!account) throw new AppError('not_found', { id: 'admin.error.unknownAccount', values: { email: wanted } }, 'unknown_account');
  await setRole(db, account.id, 'owner');
  return listOwners(db);
}
