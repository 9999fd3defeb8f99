import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { lockers } from '../../../db/schema/shipping';
import { countyFromText } from '../../../domain/counties';
import type { CourierId } from '../../../domain/courier';
import type { OrderLocker } from '../../../domain/lockers';
import type { PaymentMethod } from '../../../domain/orders';
import { AppError } from '../../errors';
import { eachCourierRound } from './courierRounds';
import type { Shipping } from './couriers';

/**
 * The couriers' lockers (Sameday easybox, issue 33): a job in every process loads each courier's list once a day into
 * the database (one process at a time: courierRounds.ts), so the checkout lists a city's lockers from the shop's own
 * API, with no courier's script in the page; the order keeps a copy of the locker chosen.
 */

const EVERY_SECONDS = 24 * 3600;
/** After a failure: soon while the shop has no lockers of the courier yet (none to offer), else in a quarter of an hour. */
const AFTER_FAILURE_SECONDS = { none: 30, some: 900 };
/** Rows a statement writes at once. */
const BATCH = 500;

/** The courier whose lockers the checkout offers: the first set up that has lockers (Sameday), or null. */
export function lockerCourier(shipping: Shipping): CourierId | null {
  for (const [id, courier] of shipping.couriers) if (courier.lockers) return id;
  return null;
}

/**
 * One round: each courier with lockers that is due, its list loaded by this process when no other has it: the lockers
 * it lists written, those it no longer lists removed, in one transaction. Returns how many couriers it loaded; throws
 * the first failure once the others have been tried.
 */
export function loadLockers(db: Db, shipping: Shipping): Promise<number> {
  return eachCourierRound(
    db,
    shipping,
    'lockers',
    (courier) => courier.lockers?.bind(courier),
    async (id, listLockers) => {
      const listed = await listLockers();
      await db.transaction(async (tx) => {
        const rows = listed.map((locker) => ({ ...locker, courier: id, county: countyFromText(locker.county) }));
        for (let start = 0; start < rows.length; start += BATCH) {
          await tx
            .insert(lockers)
            .values(rows.slice(start, start + BATCH))
            .onConflictDoUpdate({
              target: [lockers.courier, lockers.id],
              set: {
                name: sql`excluded.name`,
                county: sql`excluded.county`,
                city: sql`excluded.city`,
                address: sql`excluded.address`,
                postalCode: sql`excluded.postal_code`,
                acceptsCash: sql`excluded.accepts_cash`,
              },
            });
        }
        // An empty list is the courier's hiccup, not every locker closed: the ones known are kept.
        if (rows.length > 0)
          await tx.delete(lockers).where(
            and(
              eq(lockers.courier, id),
              notInArray(
                lockers.id,
                rows.map((row) => row.id),
              ),
            ),
          );
      });
      return { counted: 1, nextInSeconds: EVERY_SECONDS };
    },
    async (id) => {
      const [known] = await db.select({ n: count() }).from(lockers).where(eq(lockers.courier, id));
      return known?.n ? AFTER_FAILURE_SECONDS.some : AFTER_FAILURE_SECONDS.none;
    },
  );
}

const columns = { id: lockers.id, name: lockers.name, county: lockers.county, city: lockers.city, address: lockers.address, postalCode: lockers.postalCode, acceptsCash: lockers.acceptsCash };

/**
 * What the checkout offers for a county: whether lockers are offered at all, the localities of the county that have
 * some (with how many), and the lockers of `city` (by name).
 */
export async function lockersNear(db: Db, shipping: Shipping, county: string | undefined, city: string | undefined) {
  const courier = lockerCourier(shipping);
  if (!courier) return { offered: false, cities: [], lockers: [] };
  if (!county) return { offered: true, cities: [], lockers: [] };
  const inCounty = and(eq(lockers.courier, courier), eq(lockers.county, county));
  const [cities, found] = await Promise.all([
    db.select({ name: lockers.city, lockers: count() }).from(lockers).where(inCounty).groupBy(lockers.city).orderBy(asc(lockers.city)),
    city
      ? db
          .select(columns)
          .from(lockers)
          .where(and(inCounty, eq(lockers.city, city)))
          .orderBy(asc(lockers.name))
      : [],
  ]);
  return { offered: true, cities, lockers: found.map((locker) => ({ ...locker, courier })) };
}

/**
 * The locker an order names, as the order keeps it: refused when lockers are not offered (400), when the courier no
 * longer lists it, or when it takes no cash and the order is to be paid on delivery (409: the customer chooses again).
 */
export async function lockerForOrder(db: DbOrTx, shipping: Shipping, id: string, paymentMethod: PaymentMethod): Promise<OrderLocker> {
  const courier = lockerCourier(shipping);
  if (!courier) throw new AppError('bad_request', { id: 'error.order.lockersNotOffered' }, 'lockers_not_offered');
  const [found] = await db
    .select(columns)
    .from(lockers)
    .where(and(eq(lockers.courier, courier), eq(lockers.id, id)));
  if (!found) throw new AppError('conflict', { id: 'error.order.lockerGone' }, 'locker_gone');
  if (paymentMethod === 'cod' && !found.acceptsCash) throw new AppError('conflict', { id: 'error.order.lockerTakesNoCash' }, 'locker_takes_no_cash');
  return { ...found, courier };
}
