import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { shipments } from '../../../db/schema/shipping';
import { addDays } from '../../../domain/calendar';
import type { CourierId } from '../../../domain/courier';
import { bucharestDay, SHOP_TIME_ZONE } from '../../../domain/locale';
import type { Courier } from '../../integrations/couriers/courier';
import { eachCourierRound } from './courierRounds';
import type { Shipping } from './couriers';

/**
 * The cash on delivery the couriers paid out (issue 33): where a courier reports it (FAN Courier's bank transfers,
 * Cargus's cash account), a job in every process asks it, about once an hour, for the days since the oldest delivered
 * parcel it still owes the shop for, and keeps on each AWB how much it paid and when. A day is asked about again until
 * two days after it ended (a transfer reported late is still found), then never; one process at a time asks a
 * courier (courierRounds.ts).
 */

/** How often each courier is asked, in seconds; sooner again after a failure. */
const EVERY_SECONDS = 3600;
const AFTER_FAILURE_SECONDS = 600;
/** How far back a parcel still owed for is looked for (a courier pays out within days; older is the owner's to chase). */
const LOOK_BACK_DAYS = 45;

/** The Bucharest day of the oldest parcel the courier delivered (within LOOK_BACK_DAYS) and has not paid out for. */
async function oldestOwed(db: Db, courier: CourierId): Promise<string | null> {
  const [row] = await db
    .select({ day: sql<string | null>`min((${shipments.deliveredAt} at time zone ${SHOP_TIME_ZONE})::date)::text` })
    .from(shipments)
    .where(
      and(
        eq(shipments.courier, courier),
        eq(shipments.status, 'delivered'),
        gt(shipments.cashOnDelivery, 0),
        isNull(shipments.cashPaid),
        sql`${shipments.deliveredAt} > now() - make_interval(days => ${LOOK_BACK_DAYS})`,
      ),
    );
  return row?.day ?? null;
}

/** Asks one courier about the days it may have paid on, and keeps each payout on its AWB (once). */
async function askCourier(db: Db, id: CourierId, cashPaidOut: NonNullable<Courier['cashPaidOut']>, checkedThrough: string | null, today: string) {
  const oldest = await oldestOwed(db, id);
  if (oldest === null) return checkedThrough;
  const from = checkedThrough && checkedThrough >= oldest ? addDays(checkedThrough, 1) : oldest;
  for (let day = from; day <= today; day = addDays(day, 1)) {
    for (const paid of await cashPaidOut(day)) {
      await db
        .update(shipments)
        .set({ cashPaid: paid.amount, cashPaidOn: paid.paidOn.slice(0, 10) })
        .where(and(eq(shipments.courier, id), eq(shipments.awb, paid.awb), isNull(shipments.cashPaid)));
    }
  }
  const settled = addDays(today, -2);
  return checkedThrough && checkedThrough > settled ? checkedThrough : settled;
}

/**
 * One round: each courier that reports payouts and is due, asked by this process when no other has it. Returns how
 * many couriers it asked; throws the round's first failure once the others have been asked (asked again sooner).
 */
export function collectCash(db: Db, shipping: Shipping, today = bucharestDay(new Date())): Promise<number> {
  return eachCourierRound(
    db,
    shipping,
    'cash',
    (courier) => courier.cashPaidOut?.bind(courier),
    async (id, cashPaidOut, round) => ({
      counted: 1,
      nextInSeconds: EVERY_SECONDS,
      progress: { checkedThrough: await askCourier(db, id, cashPaidOut, round.checkedThrough, today) },
    }),
    () => AFTER_FAILURE_SECONDS,
  );
}

/** The cash the couriers still owe: per courier, the delivered parcels with cash to collect it has not paid out for, and their total. */
export async function cashWithCouriers(db: Db, shipping: Shipping) {
  const rows = await db
    .select({ courier: shipments.courier, parcels: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${shipments.cashOnDelivery}), 0)::int` })
    .from(shipments)
    .where(and(eq(shipments.status, 'delivered'), gt(shipments.cashOnDelivery, 0), isNull(shipments.cashPaid)))
    .groupBy(shipments.courier)
    .orderBy(shipments.courier);
  return rows.map((row) => ({ ...row, reportsPayouts: Boolean(shipping.couriers.get(row.courier)?.cashPaidOut) }));
}
