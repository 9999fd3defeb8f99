import { asc, eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../testing/database';
import { dueRows, leaseEnd, notLeased, renewWhileWorking } from './leases';

/** A table of its own for this test: jobs lease rows of tables shaped like this (due, leased until). */
const chores = pgTable('lease_test_chores', { id: integer().primaryKey(), state: text().notNull(), leaseUntil: timestamp('lease_until', { withTimezone: true }) });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table lease_test_chores (id integer primary key, state text not null, lease_until timestamptz)`);
});
afterAll(async () => {
  await database?.close();
});

const take = (limit: number, seconds = 60) =>
  database.db
    .update(chores)
    .set({ leaseUntil: leaseEnd(seconds) })
    .where(inArray(chores.id, dueRows(database.db, { id: chores.id, from: chores, where: sql`${chores.state} = 'due' and ${notLeased(chores.leaseUntil)}`, orderBy: chores.id, limit })))
    .returning({ id: chores.id });
const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe('leases (server/leases.ts)', () => {
  it('two takers get different due rows, oldest first, and neither takes a row that is not due or is held', async () => {
    await database.db.delete(chores);
    await database.db.insert(chores).values([1, 2, 3, 4, 5, 6].map((id) => ({ id, state: id === 6 ? 'done' : 'due' })));
    const [first, second] = await Promise.all([take(2), take(2)]);
    expect([...ids(first!), ...ids(second!)].sort()).toEqual([1, 2, 3, 4]);
    expect(ids(await take(10))).toEqual([5]);
    expect(await take(10)).toEqual([]);
  });

  it('a lease that ran out is taken again (its process died)', async () => {
    await database.db.delete(chores);
    await database.db.insert(chores).values({ id: 1, state: 'due' });
    expect(ids(await take(1, 0))).toEqual([1]);
    expect(ids(await take(1))).toEqual([1]);
    expect(await take(1)).toEqual([]);
  });

  it('renewWhileWorking renews the leases of the rows still being worked on, and stops', async () => {
    await database.db.delete(chores);
    await database.db.insert(chores).values([
      { id: 1, state: 'due' },
      { id: 2, state: 'due' },
    ]);
    await take(2, 1);
    const working = new Set([1]);
    const renewed: number[][] = [];
    const stop = renewWhileWorking(
      working,
      async (rows) => {
        renewed.push(rows);
        await database.db
          .update(chores)
          .set({ leaseUntil: leaseEnd(60) })
          .where(inArray(chores.id, rows));
      },
      200,
      () => undefined,
    );
    await expect.poll(() => renewed.length, { timeout: 5000 }).toBeGreaterThan(0);
    stop();
    expect(renewed.every((rows) => rows.join() === '1')).toBe(true);
    // Once 2's one second is over it is free again; 1 is still held.
    await expect.poll(async () => ids(await take(10)), { timeout: 5000 }).toEqual([2]);
    const [one] = await database.db.select().from(chores).where(eq(chores.id, 1)).orderBy(asc(chores.id));
    expect(one!.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });
});
