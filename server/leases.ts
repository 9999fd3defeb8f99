/**
 * Leases: how several processes share background work on the same table without a transaction held while they work
 * (decisions 0013 and 0033). A process takes due rows that nobody holds, skipping those another process is taking
 * (SKIP LOCKED), and marks them its own until a time; one that dies lets go when that time passes. A batch that works
 * longer renews its leases while it works.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** The end of a lease taken or renewed now: `seconds` from now, by the database's clock (every process's is the same). */
export const leaseEnd = (seconds: number): SQL => sql`now() + make_interval(secs => ${seconds})`;

/** A row nobody holds: never leased, let go, or its lease has run out. */
export const notLeased = (until: AnyColumn): SQL => sql`(${until} is null or ${until} < now())`;

/**
 * The ids of up to `limit` due rows (`where`, in `orderBy`'s order), locked for the statement that leases them and
 * skipping rows another process is taking at this moment: `update … set <lease> where id in (dueRows(…))`.
 */
export function dueRows(db: DbOrTx, { id, from, where, orderBy, limit }: { id: PgColumn; from: PgTable; where: SQL | undefined; orderBy?: PgColumn; limit: number }) {
  const query = db.select({ id }).from(from).where(where).$dynamic();
  return (orderBy ? query.orderBy(orderBy) : query).limit(limit).for('update', { skipLocked: true });
}

/**
 * A lease's heartbeat: every `everyMs` (a third of the lease), renews the leases of the rows still being worked on
 * (`working`: ids removed as each is done) so a slow batch never outlives them; nothing while none is left. A failed
 * renewal goes to `failed`: the next may still come before the lease runs out. Returns stop().
 */
export function renewWhileWorking<Id>(working: Set<Id>, renew: (ids: Id[]) => PromiseLike<unknown>, everyMs: number, failed: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    if (working.size === 0) return;
    Promise.resolve(renew([...working])).then(undefined, failed);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
