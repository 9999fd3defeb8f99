import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type CourierRound, courierRounds } from '../../../db/schema/shipping';
import type { CourierId } from '../../../domain/courier';
import type { Courier } from '../../integrations/couriers/courier';
import { leaseEnd, notLeased } from '../../leases';
import type { Shipping } from './couriers';

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
    .set({ leaseUntil: leaseEnd(LEASE_SECONDS) })
    .where(and(eq(courierRounds.courier, courier), eq(courierRounds.kind, kind), sql`${courierRounds.nextAt} <= now()`, notLeased(courierRounds.leaseUntil)))
    .returning();
  if (!taken) return undefined;
  return {
    checkedThrough: taken.checkedThrough,
    syncedUntil: taken.syncedUntil,
    pickupOrderedAt: taken.pickupOrderedAt,
    /** Puts the round off for `nextInSeconds`, keeping how far it got (`progress`), and lets go of it. */
    done: (nextInSeconds: number, progress: Partial<Pick<typeof taken, 'checkedThrough' | 'syncedUntil' | 'pickupOrderedAt' | 'pickupOrder'>> = {}) =>
      db
        .update(courierRounds)
        .set({ ...progress, nextAt: sql`now() + make_interval(secs => ${nextInSeconds})`, leaseUntil: null })
        .where(and(eq(courierRounds.courier, courier), eq(courierRounds.kind, kind))),
  };
}

type TakenRound = NonNullable<Awaited<ReturnType<typeof takeCourierRound>>>;

/**
 * One round of a kind over every courier that can do it (`can` gives what `work` needs of it, or nothing): each due one
 * taken by this process when no other has it, `work` done and the round put off as it says, or for
 * `afterFailureSeconds` when it fails. Returns the sum of what `work` counted; throws the first failure once the other
 * couriers have been tried.
 */
export async function eachCourierRound<C>(
  db: Db,
  shipping: Shipping,
  kind: CourierRound,
  can: (courier: Courier) => C | undefined,
  work: (id: CourierId, capability: C, round: TakenRound) => Promise<{ counted: number; nextInSeconds: number; progress?: Parameters<TakenRound['done']>[1] }>,
  afterFailureSeconds: (id: CourierId) => number | Promise<number>,
): Promise<number> {
  let counted = 0;
  let failure: unknown = null;
  for (const [id, courier] of shipping.couriers) {
    const capability = can(courier);
    if (capability === undefined) continue;
    const round = await takeCourierRound(db, id, kind);
    if (!round) continue;
    try {
      const done = await work(id, capability, round);
      await round.done(done.nextInSeconds, done.progress);
      counted += done.counted;
    } catch (error) {
      failure ??= error;
      await round.done(await afterFailureSeconds(id));
    }
  }
  if (failure) throw failure;
  return counted;
}
