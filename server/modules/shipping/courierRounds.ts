import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type CourierRound, courierRounds } from '../../../db/schema/shipping';
import type { CourierId } from '../../../domain/courier';

/** How long a process has a courier's round before another may take it (a process that died lets go of it). */
const LEASE_SECONDS = 300;

/**
 * A courier's round (its payouts, its lockers) taken by this process when it is due and no other process has it:
 * its row as it was, or undefined. `done` puts it off for `nextInSeconds` and lets go of it.
 */
export async function takeCourierRound(db: Db, courier: CourierId, kind: CourierRound) {
  await db.insert(courierRounds).values({ courier, kind }).onConflictDoNothing();
  const [taken] = await db
    .update(courierRounds)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(courierRounds.courier, courier),
        eq(courierRounds.kind, kind),
        sql`${courierRounds.nextAt} <= now()`,
        sql`(${courierRounds.leaseUntil} is null or ${courierRounds.leaseUntil} < now())`,
      ),
    )
    .returning();
  if (!taken) return undefined;
  return {
    checkedThrough: taken.checkedThrough,
    syncedUntil: taken.syncedUntil,
    /** Puts the round off for `nextInSeconds`, keeping how far it got (`progress`), and lets go of it. */
    done: (nextInSeconds: number, progress: Partial<Pick<typeof taken, 'checkedThrough' | 'syncedUntil'>> = {}) =>
      db
        .update(courierRounds)
        .set({ ...progress, nextAt: sql`now() + make_interval(secs => ${nextInSeconds})`, leaseUntil: null })
        .where(and(eq(courierRounds.courier, courier), eq(courierRounds.kind, kind))),
  };
}
