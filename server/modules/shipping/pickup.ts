import { and, count, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { courierRounds, shipments } from '../../../db/schema/shipping';
import { addDays } from '../../../domain/calendar';
import type { PickupView } from '../../../domain/contracts/shipping';
import { COURIER_NAMES, type CourierId } from '../../../domain/courier';
import { bucharestDay, SHOP_TIME_ZONE } from '../../../domain/locale';
import { bucharestIso, type PickupOrdering } from '../../integrations/couriers/courier';
import { eachCourierRound } from './courierRounds';
import type { Shipping } from './couriers';

/**
 * Ordering the courier's pickup (issue 43, item 4): Cargus comes for the parcels only once the pickup location's open
 * order is launched (PUT Orders … action=1), or at the location's own AutomaticEOD hour. One process at a time
 * (courierRounds.ts) launches it when the day's AWBs wait for it: daily at the start of the pickup hours, or within two
 * minutes of each AWB; the owner's dashboard says whether today's is ordered.
 */

/** A Bucharest day's time HH:MM as a date. */
const at = (day: string, time: string) => new Date(bucharestIso(`${day} ${time}:00`));

/** The pickup window of a day. */
const windowOn = (day: string, hours: PickupOrdering['hours']) => ({ from: at(day, hours.from), to: at(day, hours.to) });

/** How often `each` looks for new AWBs, and a failed launch is tried again. */
const EACH_EVERY_SECONDS = 120;
const AFTER_FAILURE_SECONDS = 300;

/** The courier's AWBs made today after `since` (not cancelled): the parcels a pickup order is for. */
async function waiting(db: Db, courier: CourierId, day: string, since: Date | null): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shipments)
    .where(
      and(
        eq(shipments.courier, courier),
        ne(shipments.status, 'cancelled'),
        sql`(${shipments.createdAt} at time zone ${SHOP_TIME_ZONE})::date = ${day}::date`,
        ...(since ? [gt(shipments.createdAt, since)] : []),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One round: for each courier whose pickup the shop orders, due and taken by this process, the pickup is launched when
 * today's AWBs wait for it (made since its last launch) and it is time (`each`: now; `daily`: from the start of the
 * hours). A launch late in the day, past the window's end, is for tomorrow's window. Returns how many were launched.
 */
export function orderPickups(db: Db, shipping: Shipping, now = new Date()): Promise<number> {
  return eachCourierRound(
    db,
    shipping,
    'pickup',
    (courier) => (courier.pickup && courier.pickup.mode !== 'automatic' ? courier.pickup : undefined),
    async (id, pickup, round) => {
      const today = bucharestDay(now);
      const todays = windowOn(today, pickup.hours);
      const tomorrows = windowOn(addDays(today, 1), pickup.hours);
      const untilNext = (time: Date) => Math.max(60, Math.ceil((time.getTime() - now.getTime()) / 1000));
      const next = pickup.mode === 'each' ? EACH_EVERY_SECONDS : untilNext(now < todays.from ? todays.from : tomorrows.from);
      const orderedToday = round.pickupOrderedAt && bucharestDay(round.pickupOrderedAt) === today ? round.pickupOrderedAt : null;
      const due = pickup.mode === 'each' || now >= todays.from;
      if (!due || (await waiting(db, id, today, orderedToday)) === 0) return { counted: 0, nextInSeconds: next };
      const window = now < todays.to ? { from: now > todays.from ? now : todays.from, to: todays.to } : tomorrows;
      const order = await pickup.order(window);
      return { counted: 1, nextInSeconds: next, progress: { pickupOrderedAt: now, pickupOrder: order } };
    },
    () => AFTER_FAILURE_SECONDS,
  );
}

/** For the dashboard: each courier whose pickup is ordered, how, and whether today's is (its order number), or how many AWBs wait. */
export async function pickupsToday(db: Db, shipping: Shipping, now = new Date()): Promise<PickupView[]> {
  const today = bucharestDay(now);
  const views: PickupView[] = [];
  for (const [id, courier] of shipping.couriers) {
    if (!courier.pickup) continue;
    const [round] = await db
      .select()
      .from(courierRounds)
      .where(and(eq(courierRounds.courier, id), eq(courierRounds.kind, 'pickup')));
    const ordered = round?.pickupOrderedAt && bucharestDay(round.pickupOrderedAt) === today ? round.pickupOrderedAt : null;
    views.push({
      courier: id,
      courierName: COURIER_NAMES[id],
      mode: courier.pickup.mode,
      hours: courier.pickup.hours,
      orderedAt: ordered?.toISOString() ?? null,
      order: ordered ? (round?.pickupOrder ?? null) : null,
      waiting: await waiting(db, id, today, ordered),
    });
  }
  return views;
}
