import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, withdrawals } from '../../../db/schema/orders';
import type { ReturnList, ReturnRow } from '../../../domain/contracts/returns';
import type { RefundStatus } from '../../../domain/orders';
import { refundDueDay } from '../../../domain/withdrawal';
import { isoTime } from './ownerList';

/** How many finished returns the list shows. */
const DONE_SHOWN = 50;

/** A withdrawal's open refund's status: one sent to Stripe and waiting, else one due; null when none is open. */
const openRefund = sql<RefundStatus | null>`(select case when bool_or(r.status = 'sent') then 'sent' when bool_or(r.status = 'due') then 'due' end from refunds r where r.withdrawal_id = "withdrawals"."id")`;

const columns = {
  withdrawalId: withdrawals.id,
  orderId: orders.id,
  orderNumber: orders.number,
  customer: sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`,
  paymentMethod: orders.paymentMethod,
  statedAt: isoTime(withdrawals.statedAt),
  statedAtTime: withdrawals.statedAt,
  status: withdrawals.status,
  units: sql<number>`(select coalesce(sum(l.quantity), 0)::int from withdrawal_lines l where l.withdrawal_id = "withdrawals"."id")`,
  received: sql<number>`(select coalesce(sum(l.received), 0)::int from withdrawal_lines l where l.withdrawal_id = "withdrawals"."id")`,
  owed: sql<number>`(select coalesce(sum(r.amount), 0)::int from refunds r where r.withdrawal_id = "withdrawals"."id" and r.status <> 'paid')`,
  refunded: sql<number>`(select coalesce(sum(r.amount), 0)::int from refunds r where r.withdrawal_id = "withdrawals"."id" and r.status = 'paid')`,
  refundStatus: openRefund,
};

/** Open: its goods are not all back, or a refund is still owed. */
const isOpen = sql<boolean>`(${withdrawals.status} <> 'received' or exists (select 1 from refunds r where r.withdrawal_id = "withdrawals"."id" and r.status <> 'paid'))`;

/**
 * The back office's Returns list: every withdrawal still open, the refund due soonest first (its day is 14 days from the
 * statement, so the oldest statement first), then the latest finished ones.
 */
export async function listReturns(db: Db): Promise<ReturnList> {
  const [open, done] = await Promise.all([openReturns(db), returnRows(db).where(sql`not ${isOpen}`).orderBy(desc(withdrawals.statedAt)).limit(DONE_SHOWN)]);
  return { open, done: done.map(returnRow) };
}

const returnRows = (db: Db) => db.select(columns).from(withdrawals).innerJoin(orders, eq(orders.id, withdrawals.orderId));
const returnRow = ({ statedAtTime, ...rest }: Awaited<ReturnType<typeof returnRows>>[number]): ReturnRow => ({ ...rest, refundDueDay: refundDueDay(statedAtTime) });

/** The withdrawals still open (goods or money to come), the oldest statement (the refund due soonest) first: the list's, and the dashboard's warnings. */
export async function openReturns(db: Db): Promise<ReturnRow[]> {
  return (await returnRows(db).where(isOpen).orderBy(asc(withdrawals.statedAt))).map(returnRow);
}
